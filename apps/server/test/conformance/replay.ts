/**
 * The conformance harness (docs/carriers.md "Conformance"): a provider's own recorded or published answers
 * replayed to an adapter through the platform's real upstream client, so that what is tested is our reading
 * of the provider's API, not of a stand-in we wrote. Only the network is replaced: timeouts, retries, error
 * classification and the API log are the client's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  type ApiLogRecord,
  createUpstreamClient,
  type UpstreamClientOptions,
} from '../../src/carriers/upstream/client.ts';
import type { UpstreamClient } from '../../src/carriers/upstream/types.ts';

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

function jsonType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
