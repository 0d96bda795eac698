import { setTimeout as nodeSleep } from 'node:timers/promises';
import { multipartParts } from './multipart.ts';
import { bytesNote, createRedactor } from './redact.ts';
import {
  type ChannelGate,
  type GatePass,
  type UpstreamClient,
  UpstreamError,
  type UpstreamErrorKind,
  type UpstreamOperation,
  type UpstreamRequest,
  type UpstreamResponse,
} from './types.ts';

/** One attempt of an upstream call as the API log keeps it: already redacted and cut. */
export interface ApiLogRecord {
  /** The carrier channel called, or null for an online store's call (then `storeId`). */
  channelId: number | null;
  storeId?: number;
  /** Made for a test label, with the carrier's test credentials (a store's calls are always live). */
  test: boolean;
  operation: UpstreamOperation;
  orderNo: string | null;
  method: string;
  url: string;
  httpStatus: number | null;
  durationMs: number;
  outcome: 'ok' | UpstreamErrorKind;
  errorMessage: string | null;
  requestHeaders: string;
  requestBody: string | null;
  responseBody: string | null;
}

/** Where the client hands each attempt's record (the API log's repo, through the service). */
export type ApiLogSink = (record: ApiLogRecord) => Promise<void>;

/** The carrier's own words about a refused call, and our field it is about when the adapter can tell. */
export interface CarrierComplaint {
  message: string;
  field?: string;
}

export interface UpstreamClientOptions {
  channelId: number | null;
  /** Set instead of a channel for an online store's client (docs/stores.md). */
  storeId?: number;
  /** The channel is called with the carrier's test credentials, for a test label: its log records say so. */
  test?: boolean;
  /** Where relative request paths start (`https://api.easypost.com`). */
  baseUrl: string;
  /** Each attempt's limit unless the request sets its own. */
  timeoutMs?: number;
  /**
   * The headers that authenticate a request (basic auth, a bearer token…); called for every attempt, with
   * the client itself for an API whose tokens are fetched with calls of their own (logged like any).
   */
  authorize?: (
    request: UpstreamRequest,
    client: UpstreamClient,
  ) => Record<string, string> | Promise<Record<string, string>>;
  /** Reads the carrier's complaint out of an error answer (`json` undefined when the body is not JSON). */
  errorOf?: (status: number, json: unknown) => CarrierComplaint;
  /** The channel's credential values: never written to the log. */
  secrets?: readonly string[];
  log: ApiLogSink;
  /** The channel's shared quota and circuit breaker, passed before every attempt to its own API. */
  gate?: ChannelGate;
  /** Attempts in all for a retryable call, the first included. */
  attempts?: number;
  /** The backoff before retry n is a random wait up to min(capMs, baseMs · 2^(n-1)) ("full jitter"). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A `Retry-After` longer than this is not waited for: the rateLimited error is thrown to the caller. */
  retryAfterCapMs?: number;
  /** The fetch calls go through (a merchant's own site's guards each connection: stores/guarded-fetch.ts). */
  fetch?: typeof fetch;
  /** Injected by tests, which record the waits instead of waiting. */
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
}

export const UPSTREAM_DEFAULTS = {
  timeoutMs: 15_000,
  attempts: 4,
  backoffBaseMs: 250,
  backoffCapMs: 8_000,
  retryAfterCapMs: 10_000,
} as const;

/** 4xx answers that say the request itself is wrong: the carrier's message goes to the merchant. */
const BAD_REQUEST = new Set([400, 404, 409, 422]);

/**
 * One channel's HTTP client (types.ts): every attempt has a timeout and is one API-log record; errors are
 * classified; transient failures are retried with backoff, and 429s after their `Retry-After`, within the
 * attempt budget. A transient failure (a timeout, a 5xx, an answer that cannot be read) is retried only for a
 * call that is safe to repeat (`repeatable`): repeating any other may buy a second label or make a second
 * form, so its failure goes to the caller as an unknown outcome, settled by asking the provider. A 429 is
 * retried for every call: the carrier did not take it.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const settings = {
    timeoutMs: options.timeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs,
    attempts: options.attempts ?? UPSTREAM_DEFAULTS.attempts,
    backoffBaseMs: options.backoffBaseMs ?? UPSTREAM_DEFAULTS.backoffBaseMs,
    backoffCapMs: options.backoffCapMs ?? UPSTREAM_DEFAULTS.backoffCapMs,
    retryAfterCapMs: options.retryAfterCapMs ?? UPSTREAM_DEFAULTS.retryAfterCapMs,
  };
  const sleep = options.sleep ?? nodeSleep;
  const random = options.random ?? Math.random;
  const redact = createRedactor(options.secrets ?? []);
  const errorOf = options.errorOf ?? defaultErrorOf;

  async function attempt(request: UpstreamRequest): Promise<UpstreamResponse> {
    const url = urlOf(options.baseUrl, request);
    // The channel's credentials go to its API only, never to another host an answer points at (a label
    // file on the carrier's file host).
    const ownApi = new URL(url).origin === new URL(options.baseUrl).origin;
    const headers: Record<string, string> = {
      accept: request.expect === 'bytes' || request.expect === 'multipart' ? '*/*' : 'application/json',
      ...(ownApi ? await options.authorize?.(request, client) : {}),
      ...request.headers,
      ...(request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {}),
    };
    let body: string | undefined;
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const record = {
      channelId: options.channelId,
      ...(options.storeId !== undefined ? { storeId: options.storeId } : {}),
      test: options.test === true,
      operation: request.operation,
      orderNo: request.orderNo ?? null,
      method: request.method,
      url: redact.url(url),
      requestHeaders: redact.headers(headers),
      requestBody: request.form
        ? redact.form(request.form)
        : request.json !== undefined
          ? redact.json(request.json)
          : null,
    };
    const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
    // Waits for the channel's turn; a paused channel or a quota too far off throws before anything is sent.
    const pass: GatePass | undefined = ownApi ? await options.gate?.enter(request) : undefined;
    const started = performance.now();
    let httpStatus: number | null = null;
    let responseBody: string | null = null;
    let outcome: 'ok' | UpstreamErrorKind = 'transient';
    let failureMessage: string | undefined;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await (options.fetch ?? fetch)(url, {
        method: request.method,
        headers,
        body,
        signal,
        redirect: 'follow',
      }).catch((error: unknown) => {
        // A fetch that refused the call itself (a guarded one, to an inside address) said why already.
        throw error instanceof UpstreamError ? error : failureOf(error, signal, timeoutMs);
      });
      httpStatus = response.status;
      const received = await readBody(response, request, signal, timeoutMs);
      responseBody = received.note ?? (received.text !== undefined ? redact.body(received.text) : null);
      if (response.ok) {
        const answer: UpstreamResponse = { status: response.status, headers: response.headers };
        if (request.expect === 'multipart') answer.parts = partsOf(received.bytes, response.headers);
        else if (received.bytes) answer.bytes = received.bytes;
        else if (received.text) answer.json = parseAnswer(received.text);
        outcome = 'ok';
        await write({ ...record, httpStatus, responseBody, outcome, errorMessage: null, started });
        return answer;
      }
      throw errorOfAnswer(response, received.text ?? '', errorOf);
    } catch (error) {
      const raw =
        error instanceof UpstreamError ? error : new UpstreamError('transient', `upstream call failed: ${error}`);
      // The carrier's words go on to merchants and logs: a carrier echoing our key must not leak it.
      const failure = new UpstreamError(raw.kind, redact.text(raw.message), raw.details);
      outcome = failure.kind;
      failureMessage = failure.message;
      await write({
        ...record,
        httpStatus,
        responseBody,
        outcome: failure.kind,
        errorMessage: failure.message,
        started,
      });
      throw failure;
    } finally {
      await pass?.leave(outcome, failureMessage);
    }
  }

  async function write({ started, ...record }: Omit<ApiLogRecord, 'durationMs'> & { started: number }) {
    try {
      await options.log({ ...record, durationMs: Math.round(performance.now() - started) });
    } catch {
      // The log must never fail the call it records; the sink reports its own failures.
    }
  }

  /** How long to wait before the next attempt, or null when the error goes to the caller. */
  function waitBefore(error: UpstreamError, request: UpstreamRequest, attemptNo: number): number | null {
    if (attemptNo >= settings.attempts || error.details.pausedUntil !== undefined) return null;
    const backoff = random() * Math.min(settings.backoffCapMs, settings.backoffBaseMs * 2 ** (attemptNo - 1));
    if (error.kind === 'rateLimited') {
      const asked = error.details.retryAfterMs;
      if (asked === undefined) return backoff;
      return asked <= settings.retryAfterCapMs ? asked : null;
    }
    if (error.kind !== 'transient') return null;
    return repeatable(request) ? backoff : null;
  }

  const client: UpstreamClient = {
    async send(request) {
      for (let attemptNo = 1; ; attemptNo++) {
        try {
          return await attempt(request);
        } catch (error) {
          const wait = error instanceof UpstreamError ? waitBefore(error, request, attemptNo) : null;
          if (wait === null) throw error;
          await sleep(Math.round(wait));
        }
      }
    },
  };
  return client;
}

/**
 * Operations every call of which only reads or checks: asking again changes nothing upstream. `auth` is not
 * one: besides fetching tokens (marked `repeatable` where they are fetched) it exchanges Shopify's one-time
 * code and uninstalls the app, which are never sent twice.
 */
const READING_OPERATIONS: ReadonlySet<UpstreamOperation> = new Set(['rate', 'track', 'validateAddress', 'storeOrders']);

/**
 * Whether a call may be sent again after a failure that left its outcome unknown: a method HTTP defines as
 * idempotent (RFC 9110 §9.2.2), a call the provider deduplicates by its Idempotency-Key, a reading
 * operation, or a call its adapter marks so (a draft that buys nothing, a token fetched, a GraphQL query).
 * test/retry-classes.test.ts sends every write call of every adapter a 5xx and an unreadable answer and
 * fails if one is sent twice.
 */
export function repeatable(request: UpstreamRequest): boolean {
  return (
    request.method === 'GET' ||
    request.method === 'PUT' ||
    request.method === 'DELETE' ||
    request.idempotencyKey !== undefined ||
    request.repeatable === true ||
    READING_OPERATIONS.has(request.operation)
  );
}

function urlOf(baseUrl: string, request: UpstreamRequest): string {
  const url = /^https?:\/\//i.test(request.path)
    ? new URL(request.path)
    : new URL(`${baseUrl.replace(/\/+$/, '')}/${request.path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** A fetch that did not get an answer: timed out or could not connect; both are worth another try. */
function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): UpstreamError {
  if (signal.aborted) return new UpstreamError('transient', `no answer within ${timeoutMs} ms`);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  return new UpstreamError('transient', `network failure: ${cause}`);
}

async function readBody(
  response: Response,
  request: UpstreamRequest,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ text?: string; bytes?: Buffer; note?: string }> {
  try {
    if (response.ok && (request.expect === 'bytes' || request.expect === 'multipart')) {
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, note: bytesNote(bytes.length, response.headers.get('content-type')) };
    }
    return { text: await response.text() };
  } catch (error) {
    throw failureOf(error, signal, timeoutMs);
  }
}

/** A multipart answer's parts; one that is not multipart is a broken answer, as a 2xx that is not JSON is. */
function partsOf(bytes: Buffer | undefined, headers: Headers) {
  const parts = bytes ? multipartParts(bytes, headers.get('content-type')) : null;
  if (!parts) throw new UpstreamError('transient', 'the answer is not multipart');
  return parts;
}

function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A 2xx that is not JSON is a broken answer (a proxy's page, a cut-off body): its outcome is unknown,
    // asked again only where that is safe (`repeatable`).
    throw new UpstreamError('transient', 'the answer is not valid JSON');
  }
}

function errorOfAnswer(
  response: Response,
  text: string,
  errorOf: (status: number, json: unknown) => CarrierComplaint,
): UpstreamError {
  const { status } = response;
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const { message, field } = errorOf(status, json);
  if (BAD_REQUEST.has(status)) return new UpstreamError('badRequest', message, { status, ...(field ? { field } : {}) });
  if (status === 401 || status === 403) return new UpstreamError('auth', message, { status });
  if (status === 429) {
    const retryAfterMs = retryAfterOf(response.headers.get('retry-after'));
    return new UpstreamError('rateLimited', message, {
      status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (status >= 500 || status === 408) return new UpstreamError('transient', message, { status });
  return new UpstreamError('badRequest', message, { status });
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function retryAfterOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  // Seconds, whole as RFC 9110 writes them or decimal as Shopify sends them ("2.0").
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A message out of the common error shapes (`{ error: { message } }`, `{ message }`, `{ errors: [...] }`). */
function defaultErrorOf(status: number, json: unknown): CarrierComplaint {
  const body = json as { error?: { message?: unknown } | string; message?: unknown; errors?: { message?: unknown }[] };
  const candidates = [
    typeof body?.error === 'object' ? body.error?.message : body?.error,
    body?.message,
    Array.isArray(body?.errors) ? body.errors[0]?.message : undefined,
  ];
  const message = candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  return { message: message ?? `the carrier answered HTTP ${status}` };
}
