/**
 * The conformance harness (docs/carriers.md "Conformance"): a provider's own recorded or published answers
 * replayed to an adapter through the platform's real upstream client, so that what is tested is our reading
 * of the provider's API, not of a stand-in we wrote. Only the network is replaced: timeouts, retries, error
 * classification and the API log are the client's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type ApiLogRecord, createUpstreamClient, type UpstreamClientOptions } from '../../src/outbound/client.ts';
import type { UpstreamClient } from '../../src/outbound/types.ts';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** Where a fixture comes from: a file of a public repository at a version, or a published page. */
const sourceSchema = z.union([
  z.object({ repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/), path: z.string().min(1), version: z.string().min(1) }),
  z.object({ url: z.url(), retrieved: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);

const fixtureSchema = z.object({
  source: sourceSchema,
  /** Why this body, and what was trimmed from it (never a value the adapter reads). */
  note: z.string().optional(),
  /** What the provider's example sent, for reference. */
  request: z
    .object({ method: z.string().optional(), path: z.string().optional(), body: z.unknown() })
    .partial()
    .optional(),
  response: z.object({
    status: z.number().int().min(100).max(599),
    headers: z.record(z.string(), z.string()).optional(),
    /** A JSON body; `text` for a raw one (HTML, multipart), `base64` for bytes (a PDF, a zip). */
    body: z.unknown().optional(),
    text: z.string().optional(),
    base64: z.string().optional(),
  }),
});

export type Fixture = z.infer<typeof fixtureSchema>;

/** Every fixture file of a provider, by name (the file name without `.json`). */
export function fixtureNames(provider: string): string[] {
  return readdirSync(path.join(FIXTURES, provider))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
}

/** One fixture of a provider's folder; one that does not name its source fails the test that reads it. */
export function fixture(provider: string, name: string): Fixture {
  const file = path.join(FIXTURES, provider, `${name}.json`);
  const parsed = fixtureSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${provider}/${name}.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The JSON body of a fixture's answer (a test reads what the platform should make of it). */
export function bodyOf(item: Fixture): unknown {
  return item.response.body;
}

/** A request our adapter sent, as the provider would have received it. */
export interface RecordedCall {
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed, when it is JSON. */
  json?: unknown;
}

/**
 * Which answers a request gets: the method, and a path that is the URL's pathname (a string) or matches the
 * whole URL (a RegExp: a label file on another host). Several answers are given in turn, the last repeated.
 */
export interface Route {
  method: string;
  path: string | RegExp;
  answers: Fixture | Fixture[] | ((call: RecordedCall) => Fixture);
}

/** What an adapter's `upstream(settings)` answers (or a store's client options): where and how to call. */
export type Connection = Pick<UpstreamClientOptions, 'baseUrl' | 'authorize' | 'errorOf' | 'secrets' | 'timeoutMs'>;

export interface Replay {
  /** The platform's own client, its network replaced by the routes. */
  http: UpstreamClient;
  calls: RecordedCall[];
  /** Each attempt's API-log record. */
  log: ApiLogRecord[];
  /** The client's backoff waits, recorded instead of waited. */
  waits: number[];
  /** Requests no route answered ("METHOD url"). */
  unmatched: string[];
}

/** A client of `connection` whose requests are answered by `routes` from the provider's own bodies. */
export function replay(connection: Connection, routes: Route[], options: { channelId?: number } = {}): Replay {
  const calls: RecordedCall[] = [];
  const log: ApiLogRecord[] = [];
  const waits: number[] = [];
  const unmatched: string[] = [];
  const served = new Map<Route, number>();

  const replayFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : init?.body ? String(init.body) : '';
    const call: RecordedCall = { method, url, headers: lowerCased(init?.headers), text };
    try {
      call.json = text ? JSON.parse(text) : undefined;
    } catch {
      // A form or other body: kept as text.
    }
    calls.push(call);
    const route = routes.find(
      (candidate) =>
        candidate.method.toUpperCase() === method &&
        (typeof candidate.path === 'string' ? candidate.path === url.pathname : candidate.path.test(url.href)),
    );
    if (!route) {
      unmatched.push(`${method} ${url.href}`);
      throw new TypeError(`no fixture answers ${method} ${url.href}`);
    }
    const turn = served.get(route) ?? 0;
    served.set(route, turn + 1);
    const { answers } = route;
    const answer =
      typeof answers === 'function'
        ? answers(call)
        : Array.isArray(answers)
          ? (answers[Math.min(turn, answers.length - 1)] as Fixture)
          : answers;
    return responseOf(answer);
  };

  const http = createUpstreamClient({
    ...connection,
    channelId: options.channelId ?? 1,
    log: async (record) => {
      log.push(record);
    },
    fetch: replayFetch as typeof fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
  });
  return { http, calls, log, waits, unmatched };
}

function lowerCased(headers: RequestInit['headers']): Record<string, string> {
  return Object.fromEntries([...new Headers(headers).entries()].map(([name, value]) => [name.toLowerCase(), value]));
}

/** The fixture's answer as the provider sent it. */
function responseOf(item: Fixture): Response {
  const { status, headers = {}, body, text, base64 } = item.response;
  const raw = base64 !== undefined ? Buffer.from(base64, 'base64') : text !== undefined ? text : undefined;
  const json = raw === undefined && body !== undefined ? JSON.stringify(body) : undefined;
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const contentType: Record<string, string> =
    hasContentType || json === undefined ? {} : { 'content-type': 'application/json' };
  const payload = status === 204 || status === 304 ? null : (raw ?? json ?? null);
  return new Response(payload, { status, headers: { ...contentType, ...headers } });
}

/**
 * Where a stand-in's answer contradicts the provider's: every key path of the provider's body must be in
 * the stand-in's with the same JSON type (a null in the provider's body stands for any type; arrays are
 * compared by their first items). Answers the differences, one line each.
 */
export function shapeDifferences(standIn: unknown, provider: unknown, at = '$'): string[] {
  if (provider === null || provider === undefined) return [];
  const expected = jsonType(provider);
  const actual = jsonType(standIn);
  if (actual !== expected) return [`${at}: the provider sends ${expected}, the stand-in ${actual}`];
  if (Array.isArray(provider) && Array.isArray(standIn)) {
    return provider.length > 0 && standIn.length > 0 ? shapeDifferences(standIn[0], provider[0], `${at}[0]`) : [];
  }
  if (expected !== 'object') return [];
  const ours = standIn as Record<string, unknown>;
  return Object.entries(provider as Record<string, unknown>).flatMap(([key, value]) =>
    key in ours ? shapeDifferences(ours[key], value, `${at}.${key}`) : [`${at}.${key}: missing from the stand-in`],
  );
}

/** Fails with every difference when a stand-in's answer contradicts the provider's recorded one. */
export function expectSameShape(standIn: unknown, provider: unknown): void {
  const differences = shapeDifferences(standIn, provider);
  if (differences.length > 0) {
    throw new Error(`the stand-in contradicts the provider's answer:\n${differences.join('\n')}`);
  }
}

/**
 * Where a stand-in's answer departs from a fixture it serves: every key path of the provider's body must be
 * in the stand-in's with the same JSON type and, unless the path is `varying` (its value follows the
 * request: an id, a tracking number, an amount, a time, what was sent; it may then be null, nothing known),
 * the same value; lists have the
 * provider's length and are compared item by item. A null in the provider's body stands for any value.
 * `varying` names paths with lists' indices as `[*]` (`$.rates[*].rate_id`); a path varies with all below
 * it. A list path ending in `[]` (`$.rates[]`) is a list whose length follows the request: each of the
 * stand-in's items is compared with the provider's first.
 */
export function servedDifferences(standIn: unknown, provider: unknown, varying: readonly string[], at = '$'): string[] {
  const pattern = at.replace(/\[\d+\]/g, '[*]');
  // A value that follows the request may be one the provider has nothing for (null, as its answers show).
  if (varying.includes(pattern)) return varyingShape(standIn, provider, at);
  if (provider === null || provider === undefined) return [];
  const expected = jsonType(provider);
  const actual = jsonType(standIn);
  if (actual !== expected) return [`${at}: the provider sends ${expected}, the stand-in ${actual}`];
  if (Array.isArray(provider) && Array.isArray(standIn)) {
    if (varying.includes(`${pattern}[]`)) {
      const [first] = provider;
      return first === undefined
        ? []
        : standIn.flatMap((item, index) => servedDifferences(item, first, varying, `${at}[${index}]`));
    }
    const length =
      standIn.length === provider.length
        ? []
        : [`${at}: the provider sends ${provider.length} items, the stand-in ${standIn.length}`];
    return [
      ...length,
      ...provider.flatMap((item, index) =>
        index < standIn.length ? servedDifferences(standIn[index], item, varying, `${at}[${index}]`) : [],
      ),
    ];
  }
  if (expected === 'object') {
    const ours = standIn as Record<string, unknown>;
    return Object.entries(provider as Record<string, unknown>).flatMap(([key, value]) =>
      key in ours
        ? servedDifferences(ours[key], value, varying, `${at}.${key}`)
        : [`${at}.${key}: missing from the stand-in`],
    );
  }
  return Object.is(standIn, provider)
    ? []
    : [`${at}: the provider sends ${JSON.stringify(provider)}, the stand-in ${JSON.stringify(standIn)}`];
}

/** `shapeDifferences` below a path that follows the request, where the stand-in may have nothing (null). */
function varyingShape(standIn: unknown, provider: unknown, at: string): string[] {
  if (standIn === null || provider === null || provider === undefined) return [];
  const expected = jsonType(provider);
  if (jsonType(standIn) !== expected)
    return [`${at}: the provider sends ${expected}, the stand-in ${jsonType(standIn)}`];
  if (Array.isArray(provider) && Array.isArray(standIn))
    return provider.length > 0 && standIn.length > 0 ? varyingShape(standIn[0], provider[0], `${at}[0]`) : [];
  if (expected !== 'object') return [];
  const ours = standIn as Record<string, unknown>;
  return Object.entries(provider as Record<string, unknown>).flatMap(([key, value]) =>
    key in ours ? varyingShape(ours[key], value, `${at}.${key}`) : [`${at}.${key}: missing from the stand-in`],
  );
}

/** A stand-in's answer as it came over HTTP. */
export interface StandInReply {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** Reads a stand-in's answer whole. */
export async function replyOf(response: Response | Promise<Response>): Promise<StandInReply> {
  const answered = await response;
  return { status: answered.status, headers: answered.headers, bytes: Buffer.from(await answered.arrayBuffer()) };
}

const mediaType = (value: string | null | undefined) => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a stand-in's answer departs from a fixture it serves: the status; each of the fixture's headers
 * (the content type by its media type; a header named `headers.<name>` in `varying` only present); and the
 * body: JSON (or raw text that is JSON) by `servedDifferences`; other raw text equal, or where `$text` varies (a multipart answer, a cut-off
 * one) as it is: JSON or not alike; bytes (`$bytes`) by their first four (the file's kind). A fixture
 * without any body (a status whose body the provider does not publish) has its body left uncompared.
 */
export function answerDifferences(reply: StandInReply, item: Fixture, varying: readonly string[] = []): string[] {
  const { status, headers = {}, body, text, base64 } = item.response;
  const differences =
    reply.status === status ? [] : [`status: the provider sends ${status}, the stand-in ${reply.status}`];
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    const ours = reply.headers.get(lower);
    if (ours === null) differences.push(`headers.${lower}: missing from the stand-in`);
    else if (varying.includes(`headers.${lower}`)) continue;
    else if (lower === 'content-type' ? mediaType(ours) !== mediaType(value) : ours !== value)
      differences.push(
        `headers.${lower}: the provider sends ${JSON.stringify(value)}, the stand-in ${JSON.stringify(ours)}`,
      );
  }
  const ourText = reply.bytes.toString('utf8');
  if (body !== undefined) {
    if (!parsesAsJson(ourText)) return [...differences, '$: the provider sends JSON, the stand-in does not'];
    return [...differences, ...servedDifferences(JSON.parse(ourText), body, varying)];
  }
  if (text !== undefined && !varying.includes('$text') && text !== '' && parsesAsJson(text)) {
    // A JSON body kept as the raw text it was sent as (a webhook delivery, whose signature is over it).
    if (!parsesAsJson(ourText)) return [...differences, '$: the provider sends JSON, the stand-in does not'];
    return [...differences, ...servedDifferences(JSON.parse(ourText), JSON.parse(text), varying)];
  }
  if (text !== undefined) {
    if (varying.includes('$text')) {
      if (parsesAsJson(text) !== parsesAsJson(ourText))
        differences.push(
          `$text: the provider's ${parsesAsJson(text) ? 'is' : 'is not'} JSON, the stand-in's not alike`,
        );
    } else if (ourText !== text)
      differences.push(
        `$text: the provider sends ${JSON.stringify(text.slice(0, 80))}…, the stand-in ${JSON.stringify(ourText.slice(0, 80))}…`,
      );
  }
  if (base64 !== undefined) {
    const theirs = Buffer.from(base64, 'base64').subarray(0, 4);
    if (!reply.bytes.subarray(0, 4).equals(theirs))
      differences.push(
        `$bytes: the provider's file begins ${theirs.toString('hex')}, the stand-in's ${reply.bytes.subarray(0, 4).toString('hex')}`,
      );
  }
  return differences;
}

/** Fails with every difference when a stand-in's answer departs from a fixture it serves. */
export function expectServes(reply: StandInReply, item: Fixture, varying: readonly string[] = []): void {
  const differences = answerDifferences(reply, item, varying);
  if (differences.length > 0)
    throw new Error(`the stand-in departs from the provider's answer:\n${differences.join('\n')}`);
}

/** A JSON value as a stand-in reply (a webhook delivery it builds, a body it hands out), to compare alike. */
export function jsonReply(value: unknown, status = 200, headers: Record<string, string> = {}): StandInReply {
  return {
    status,
    headers: new Headers({ 'content-type': 'application/json', ...headers }),
    bytes: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
  };
}

/**
 * Every fixture of `provider` is either served by its stand-in (`served`) or listed with the reason it has
 * no counterpart there (`unserved`), never both: a new fixture must be put in one of them.
 */
export function unlistedFixtures(provider: string, served: readonly string[], unserved: readonly string[]) {
  const listed = new Set([...served, ...unserved]);
  return {
    unlisted: fixtureNames(provider).filter((name) => !listed.has(name)),
    both: served.filter((name) => unserved.includes(name)),
    unknown: [...listed].filter((name) => !fixtureNames(provider).includes(name)),
  };
}

function jsonType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
