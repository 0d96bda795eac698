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
  /** The answer cut off halfway, as a dropped connection delivers it: a body that is not JSON. */
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

/**
 * What a scripted error status (and a bench's transient error) answers: the provider's error body as JSON,
 * or a raw one as the provider (or the server in front of it) sends it: an HTML page, or nothing at all.
 * `headers` are the provider's own (a maintenance page's Retry-After); a fault's Retry-After wins over them.
 */
export type FaultAnswer =
  | { json: unknown; headers?: Record<string, string> }
  | { text: string; type?: string; headers?: Record<string, string> };

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
  /**
   * The answer of a scripted error status, as the provider sends it (its recorded body where there is one);
   * `retryAfter`: the fault's Retry-After, when it sends one (some providers' bodies differ with it).
   */
  faultAnswer(status: number, retryAfter?: string): FaultAnswer;
  /** Answers a request; a thrown error is answered by `errorOf`. */
  answer(method: string, url: URL, request: IncomingMessage): Promise<StandInAnswer>;
  errorOf(error: unknown): { status: number; json: unknown; headers?: Record<string, string> };
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
        sendFault(response, 503, {});
        return;
      }
    }
    const fault = takeFault(options.routeOf(method, url.pathname));
    if (fault?.kind === 'hang') return; // no answer at all: the caller's timeout decides
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'held') await fault.until;
    if (fault?.kind === 'status') {
      const retryAfter = fault.retryAfter ?? fault.retryAfterSeconds;
      sendFault(response, fault.status, retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
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
    const json = JSON.stringify(answered.json);
    // Cut off halfway: never whole JSON (an object or list misses at least its closing bracket).
    const body = fault?.kind === 'malformed' ? json.slice(0, Math.max(1, Math.floor(json.length / 2))) : json;
    response.writeHead(answered.status, { ...headers, 'content-type': 'application/json' }).end(body);
  }

  /** A scripted error status answered as the provider sends it; `extra` (a fault's Retry-After) wins. */
  function sendFault(response: ServerResponse, status: number, extra: Record<string, string>): void {
    const answer = options.faultAnswer(status, extra['retry-after']);
    const own = Object.fromEntries(
      Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    if ('json' in answer) {
      response
        .writeHead(status, { 'content-type': 'application/json', ...own, ...extra })
        .end(JSON.stringify(answer.json));
      return;
    }
    const type: Record<string, string> = answer.type ? { 'content-type': answer.type } : {};
    response.writeHead(status, { ...type, ...own, ...extra }).end(answer.text);
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
  /** The API's refusal of a request without a body (else it is taken as `{}`). */
  empty?: () => Error,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  if (!text && empty) throw empty();
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

/** The state codes USPS takes (its gateway's list, as recorded in test/conformance/fixtures/usps/error-400-gateway-validation). */
const US_STATES = new Set(
  'AA AE AL AK AP AS AZ AR CA CO CT DE DC FM FL GA GU HI ID IL IN IA KS KY LA ME MH MD MA MI MN MS MO MP MT NE NV NH NJ NM NY NC ND OH OK OR PW PA PR RI SC SD TN TX UT VT VI VA WA WV WI WY'.split(
    ' ',
  ),
);

/**
 * The stand-ins' address database: every place is known and delivered to except a street naming
 * "Nowhere", the ZIP 00000 or a state code USPS does not have (EasyPost's recorded failure is of state ZZ);
 * a known place comes back in standard form (upper case, ST/AVE/RD/STE) with a ZIP+4 made from the street
 * number.
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
  if (!US_STATES.has(address.state.trim().toUpperCase())) return null;
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
