/**
 * What every stand-in (carriers, stores) shares: an HTTP server on 127.0.0.1 that records each request,
 * counts the requests in flight, plays scripted faults (latency, a request held until the test lets it go,
 * no answer, an answer lost after the work was done, an error status with `Retry-After`, a broken body) on
 * the routes they are set for, and hands the rest to the stand-in's own `answer` (JSON, bytes, an HTML
 * page or a redirect, with any extra headers). Label documents (PDF, PNG, ZPL) drawn alike for every
 * carrier stand-in are here too.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';

/** A fault a stand-in plays on the next matching requests. */
export type Fault =
  /** `retryAfter` is the header's text as sent (Shopify's "2.0"); it wins over `retryAfterSeconds`. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number; retryAfter?: string }
  | { kind: 'delay'; ms: number }
  /** The request waits until `until` settles, then is carried out and answered: a carrier a test lets go. */
  | { kind: 'held'; until: Promise<unknown> }
  | { kind: 'hang' }
  /** The request is carried out (a label bought) but its answer never sent: a lost answer. */
  | { kind: 'lost' }
  | { kind: 'malformed' };

/** Headers an answer carries besides its content type (pagination links, rate-limit gauges). */
type WithHeaders = { headers?: Record<string, string> };

/**
 * What a stand-in answers: a status and a JSON body, bytes with their type (a label file), an HTML page
 * (a consent screen), or a 302 to `redirect` (a consent screen sending the browser back).
 */
export type StandInAnswer =
  | ({ status: number; json: unknown } & WithHeaders)
  | ({ status: number; bytes: Buffer; type: string } & WithHeaders)
  | ({ status: number; html: string } & WithHeaders)
  | { redirect: string };

/** Background trouble on every API request (a bench's latency and transient errors), beside scripted faults. */
export interface Chaos {
  /** How long each request waits before it is answered. */
  latencyMs(): number;
  /** The share of requests answered 503 without being carried out. */
  transientShare: number;
}

export interface StandInServer {
  url: string;
  /** Latency and transient errors on every request while set (null: none). */
  chaos: Chaos | null;
  /** Every request received, as `METHOD /path`. */
  requests: string[];
  /** The most requests it was answering at the same time (a channel's concurrency limit shows here). */
  readonly peakInFlight: number;
  /** Plays `fault` on the next `times` requests matching `route` (`POST /v1/labels/:id/void`). */
  fail(route: string, fault: Fault, times?: number): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number | undefined;
  /** The route a request matches for faults: method and path with ids as `:id`. */
  routeOf(method: string, path: string): string;
  /** The body of a scripted error status, in the API's own error shape. */
  faultBody(status: number): unknown;
  /** Answers a request; a thrown error is answered by `errorOf`. */
  answer(method: string, url: URL, request: IncomingMessage): Promise<StandInAnswer>;
  errorOf(error: unknown): { status: number; json: unknown };
}

export async function serveStandIn(options: StandInOptions): Promise<StandInServer & { base: string }> {
  const requests: string[] = [];
  const faults: { route: string; fault: Fault; times: number }[] = [];
  let inFlight = 0;
  let peakInFlight = 0;

  function takeFault(route: string): Fault | undefined {
    const scripted = faults.find((entry) => entry.route === route && entry.times > 0);
    if (!scripted) return undefined;
    scripted.times--;
    return scripted.fault;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${method} ${url.pathname}`);
    const chaos = stand.chaos;
    if (chaos) {
      await new Promise((resolve) => setTimeout(resolve, chaos.latencyMs()));
      if (Math.random() < chaos.transientShare) {
        response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify(options.faultBody(503)));
        return;
      }
    }
    const fault = takeFault(options.routeOf(method, url.pathname));
    if (fault?.kind === 'hang') return; // no answer at all: the caller's timeout decides
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'held') await fault.until;
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const retryAfter = fault.retryAfter ?? fault.retryAfterSeconds;
      if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
      response.writeHead(fault.status, headers).end(JSON.stringify(options.faultBody(fault.status)));
      return;
    }
    let answered: StandInAnswer;
    try {
      answered = await options.answer(method, url, request);
    } catch (error) {
      answered = options.errorOf(error);
    }
    if (fault?.kind === 'lost') return;
    if ('redirect' in answered) {
      response.writeHead(302, { location: answered.redirect }).end();
      return;
    }
    const headers = answered.headers ?? {};
    if ('bytes' in answered) {
      response.writeHead(answered.status, { ...headers, 'content-type': answered.type }).end(answered.bytes);
      return;
    }
    if ('html' in answered) {
      response
        .writeHead(answered.status, { ...headers, 'content-type': 'text/html; charset=utf-8' })
        .end(answered.html);
      return;
    }
    const body = fault?.kind === 'malformed' ? '{"id": "se_' : JSON.stringify(answered.json);
    response.writeHead(answered.status, { ...headers, 'content-type': 'application/json' }).end(body);
  }

  const server = createServer((request, response) => {
    peakInFlight = Math.max(peakInFlight, ++inFlight);
    response.on('close', () => inFlight--);
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stand: StandInServer & { base: string } = {
    url: base,
    base,
    chaos: null,
    requests,
    get peakInFlight() {
      return peakInFlight;
    },
    fail(route, fault, times = 1) {
      faults.push({ route, fault, times });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}

/** A request's JSON body ({} when empty); `refuse` builds the API's error for a body that is not JSON. */
export async function jsonBody(
  request: IncomingMessage,
  refuse: (message: string) => Error,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  if (!text) return {};
  if (!(request.headers['content-type'] ?? '').includes('application/json'))
    throw refuse('Content-Type must be application/json');
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw refuse('The request body is not valid JSON');
  }
}

export const randomId = (prefix: string, separator = '_') => `${prefix}${separator}${randomBytes(16).toString('hex')}`;
export const randomDigits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export const LABEL_TYPES = { pdf: 'application/pdf', png: 'image/png', zpl: 'application/zpl' } as const;
export type LabelFileFormat = keyof typeof LABEL_TYPES;

/** A made-up 4x6 label in `format`: the service, the recipient and the tracking number (as a barcode on PNG and ZPL). */
export async function standInLabel(
  format: LabelFileFormat,
  label: {
    service: string;
    name: string;
    street: string;
    cityLine: string;
    tracking: string;
    reference?: string | null;
  },
): Promise<Buffer> {
  if (format === 'zpl') {
    return Buffer.from(
      `^XA^CI28^FO40,40^A0N,40,40^FD${label.service}^FS` +
        `^FO40,120^A0N,30,30^FD${label.name}^FS^FO40,160^A0N,30,30^FD${label.street}^FS` +
        `^FO40,300^BY3^BCN,200,Y,N,N^FD${label.tracking}^FS^XZ\n`,
    );
  }
  if (format === 'png') {
    // A 4x6 label at 203 dpi would be 812 x 1218; a barcode image stands in for the carrier's artwork.
    return bwipjs.toBuffer({ bcid: 'code128', text: label.tracking, scale: 3, height: 25, includetext: true });
  }
  const pdf = new PDFDocument({ size: [288, 432], margin: 18 });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => pdf.on('end', resolve));
  pdf.fontSize(14).text(label.service);
  pdf.moveDown().fontSize(10).text(label.name).text(label.street).text(label.cityLine);
  pdf.moveDown().fontSize(12).text(`TRACKING # ${label.tracking}`);
  if (label.reference) pdf.fontSize(8).text(`REF ${label.reference}`);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

/** A place as a stand-in's address database knows it (every stand-in checks addresses alike). */
export interface StandInPostal {
  street: string;
  secondary: string;
  city: string;
  state: string;
  zip5: string;
  plus4: string;
}

const STREET_WORDS: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  ROAD: 'RD',
  BOULEVARD: 'BLVD',
  SUITE: 'STE',
};
const standard = (text: string) =>
  text
    .toUpperCase()
    .replace(/[.,]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');

/**
 * The stand-ins' address database: every place is known and delivered to except a street naming
 * "Nowhere" or the ZIP 00000; a known place comes back in standard form (upper case, ST/AVE/RD/STE) with
 * a ZIP+4 made from the street number.
 */
export function standInPostal(address: {
  street: string;
  secondary?: string | undefined;
  city: string;
  state: string;
  zip: string;
}): StandInPostal | null {
  const zip5 = address.zip.trim().slice(0, 5);
  if (/nowhere/i.test(address.street) || zip5 === '00000' || !/^\d{5}$/.test(zip5)) return null;
  const number = Number.parseInt(address.street, 10);
  return {
    street: standard(address.street),
    secondary: standard(address.secondary ?? ''),
    city: standard(address.city),
    state: address.state.trim().toUpperCase(),
    zip5,
    plus4: String(Number.isFinite(number) ? 1000 + (number % 9000) : 1000).padStart(4, '0'),
  };
}

/** A made-up acceptance form (a SCAN form): a letter page with its title, number and the tracking numbers. */
export async function standInForm(
  title: string,
  formNumber: string,
  trackingNumbers: readonly string[],
): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: 48 });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => pdf.on('end', resolve));
  pdf.fontSize(16).text(title);
  pdf.moveDown().fontSize(11).text(`No. ${formNumber}`).text(`${trackingNumbers.length} pieces`);
  pdf.moveDown().fontSize(9);
  for (const trackingNumber of trackingNumbers) pdf.text(trackingNumber);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
