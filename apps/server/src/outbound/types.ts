/**
 * The seam between an upstream adapter (EasyPost, ShipEngine, Karrio, USPS…) and the HTTP client the
 * service hands it (docs/design.md §6): the adapter builds requests and reads answers; the client owns
 * timeouts, retries, `Retry-After`, the channel's quota and the API log. An adapter never sees the
 * database.
 */

/** What an upstream call is for: the API log's "request type" and the client's retry policy. */
export type UpstreamOperation =
  | 'auth'
  | 'rate'
  | 'purchase'
  | 'void'
  | 'track'
  | 'validateAddress'
  | 'manifest'
  | 'billReport'
  | 'pickup'
  // An online store's calls (docs/stores.md).
  | 'storeOrders'
  | 'fulfil'
  | 'unfulfil'
  | 'webhooks';

/**
 * Why a call failed, as the platform must act on it:
 * - `badRequest`: permanent; the carrier's message is shown to the merchant (on `field` when known).
 * - `auth`: the channel's credentials are refused; the channel is marked failing, admins are told.
 * - `rateLimited`: wait `retryAfterMs` (from `Retry-After`) before the next call on the channel.
 * - `transient`: a timeout, a 5xx or a network failure; retried with backoff, bounded.
 */
export type UpstreamErrorKind = 'badRequest' | 'auth' | 'rateLimited' | 'transient';

/** What the platform needs to act on a failed call, beside its kind and the carrier's message. */
export interface UpstreamErrorDetails {
  /** The HTTP status, when an answer came. */
  status?: number;
  /** How long the carrier asked us to wait. */
  retryAfterMs?: number;
  /** Our field the carrier's complaint is about (`to.zipCode`, `parcels.0.weight`…), when it can be told. */
  field?: string;
  /**
   * Set when the call was never sent because the channel is paused by its circuit breaker (until then,
   * epoch ms): nothing happened upstream.
   */
  pausedUntil?: number;
}

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly details: UpstreamErrorDetails;

  constructor(kind: UpstreamErrorKind, message: string, details: UpstreamErrorDetails = {}) {
    super(message);
    this.name = 'UpstreamError';
    this.kind = kind;
    this.details = details;
  }
}

export interface UpstreamRequest {
  operation: UpstreamOperation;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the channel's base URL (`/v2/shipments`), or absolute. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** A JSON body; `form` for an `application/x-www-form-urlencoded` one (OAuth token calls). */
  json?: unknown;
  form?: Record<string, string>;
  /** The order the call is for, shown in the API log. */
  orderNo?: string;
  /**
   * Sent as the `Idempotency-Key` header (or however the adapter passes it): a call that carries one is
   * retried after a transient failure, since the provider answers a repeat with the first outcome.
   */
  idempotencyKey?: string;
  /**
   * Set on a POST that changes nothing upstream a repeat could harm (creating a draft shipment to buy later,
   * fetching a token, a GraphQL query): retried after a transient failure like a read. Never set on a
   * call that buys, refunds, makes a form or a report, fulfils, or subscribes.
   */
  repeatable?: boolean;
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
  /**
   * `bytes` to receive a document (a label PDF, PNG or ZPL) instead of JSON; `multipart` for an answer of
   * several parts (USPS's SCAN form: its JSON and its PDF).
   */
  expect?: 'json' | 'bytes' | 'multipart';
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON answer (`expect: 'json'`); undefined for an empty body. */
  json?: unknown;
  /** The raw answer (`expect: 'bytes'`). */
  bytes?: Buffer;
  /** The answer's parts in order (`expect: 'multipart'`). */
  parts?: AnswerPart[];
}

/** One part of a multipart answer, as sent: its name and file name from Content-Disposition. */
export interface AnswerPart {
  name: string;
  filename?: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * One channel's HTTP client. `send` answers 2xx responses; anything else is thrown as an `UpstreamError`,
 * classified with the adapter's `errorMessageOf` (the carrier's own words for a 4xx).
 */
export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
}

/**
 * The channel's shared quota and circuit breaker, asked before every attempt to its own API
 * (modules/channels/gate.ts): `enter` waits for a turn within the channel's limits, or throws an
 * UpstreamError (`rateLimited` when the wait would be too long, `transient` with `pausedUntil` while the
 * breaker is open); the pass it answers is left with the attempt's outcome.
 */
export interface ChannelGate {
  enter(request: UpstreamRequest): Promise<GatePass>;
}

export interface GatePass {
  leave(outcome: 'ok' | UpstreamErrorKind, message?: string): Promise<void>;
}
