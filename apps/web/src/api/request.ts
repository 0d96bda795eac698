import { MAX_RETRIES, MESSAGE_DURATION_MS, TRANSPORT_ERROR_DURATION_MS } from '@parcelport/shared';
import { currentLocale, t } from '../i18n';
import { currentPath, isPublicPath, loginPathFor, navigateTo } from '../utils/navigation';
import { clearSessionStorage, getToken, setToken } from '../utils/storage';
import { showMessage } from './feedback';
import { takeFirstCall } from './firstCalls';

/** The response envelope of every JSON answer (docs/spec.md §3). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const API_BASE = '/api';
/** HTTP statuses an isRetry call retries (docs/spec.md §8). */
export const RETRY_STATUSES = [500, 502, 503, 504, 404] as const;
/** Pause before each retry. */
export const RETRY_DELAY_MS = 400;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined, null and '' are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body, or FormData for a multipart upload. */
  data?: unknown;
  /** Show no message for this call (docs/spec.md §7 switch, sent as a header). */
  isHideMsg?: boolean;
  /** A file download: the raw response comes back without the envelope check (sent as a header). */
  isDownLoadFile?: boolean;
  /** How long the error message stays, in ms (sent as a header). */
  duration?: number;
  /** Retry transport errors and statuses 500/502/503/504/404 up to 3 times (docs/spec.md §8). */
  isRetry?: boolean;
  /** Extra request headers (e.g. Idempotency-Key on a label purchase). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A rejected call: `code` is the envelope code (or HTTP status, or 0 when the server was not reached). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly transport: boolean;

  constructor(message: string, code: number, data: unknown, transport: boolean) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.transport = transport;
  }

  /** The failing fields of a 400 answer (`data.fields`), keyed by form field name. */
  get fields(): Record<string, string> {
    const data = this.data as { fields?: Record<string, string> } | null;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(data?.fields ?? {})) fields[key.replace(/^body\./, '')] = value;
    return fields;
  }
}

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Stores subscribe here to drop what they hold when the server ends the session (401). */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Clears everything docs/spec.md §4 lists and tells the stores. */
export function endSession(): void {
  clearSessionStorage();
  for (const listener of sessionEndListeners) listener();
}

function buildUrl(url: string, params: RequestOptions['params']): string {
  const path = /^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`) ? url : `${API_BASE}${url}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function buildInit(options: RequestOptions): RequestInit {
  const method = options.method ?? (options.data === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  Object.assign(headers, options.headers);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.isHideMsg) headers.isHideMsg = 'true';
  if (options.isDownLoadFile) headers.isDownLoadFile = 'true';
  if (options.duration !== undefined) headers.duration = String(options.duration);
  const init: RequestInit = { method, headers, signal: options.signal };
  if (method !== 'GET' && options.data instanceof FormData) {
    // Multipart (uploads): the browser sets the content type with its boundary.
    init.body = options.data;
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.data ?? {});
  }
  return init;
}

/** docs/spec.md §4: a `token` response header that differs from the stored token replaces it. */
function takeRenewedToken(response: Response): void {
  const renewed = response.headers.get('token');
  if (renewed && renewed !== getToken()) setToken(renewed);
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body = (await response.clone().json()) as unknown;
    if (body && typeof body === 'object' && typeof (body as Envelope<unknown>).code === 'number') {
      return body as Envelope<unknown>;
    }
  } catch {
    // not JSON
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** 401: show why (unless hidden), log out (docs/spec.md §4) and go to /login keeping the original route. */
function unauthorized(envelope: Envelope<unknown>, options: RequestOptions): never {
  const text = envelope.message || t('request.error');
  if (!options.isHideMsg) showMessage('error', text, options.duration ?? MESSAGE_DURATION_MS);
  const here = currentPath();
  endSession();
  // A public page (login, registration, reset link, /config) stays put and shows its own outcome.
  if (!isPublicPath(window.location.pathname)) navigateTo(loginPathFor(here), { replace: true });
  throw new ApiError(text, 401, envelope.data, false);
}

function transportFailure(text: string, code: number, data: unknown, options: RequestOptions): never {
  if (!options.isHideMsg) showMessage('error', text, TRANSPORT_ERROR_DURATION_MS);
  throw new ApiError(text, code, data, true);
}

/**
 * The answer the document's first calls already have under way for this call (./firstCalls.ts), or null: only
 * for a plain GET (no signal to abort it, no header of the caller's that the started call lacks), and null when
 * the started call failed to reach the server, so that the caller's own goes out.
 */
async function startedAnswer(url: string, options: RequestOptions): Promise<Response | null> {
  const init = buildInit(options);
  if (init.method !== 'GET' || options.signal || options.headers || options.duration !== undefined) return null;
  const headers = init.headers as Record<string, string>;
  const started = takeFirstCall(url, getToken(), headers['Accept-Language'] as string);
  return started ? started.catch(() => null) : null;
}

async function fetchWithRetry(url: string, options: RequestOptions): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let response: Response | null = attempt === 1 ? await startedAnswer(url, options) : null;
    try {
      response ??= await fetch(url, buildInit(options));
    } catch (error) {
      if (isAbort(error)) throw error;
    }
    if (response) takeRenewedToken(response);
    const retryable = !response || (RETRY_STATUSES as readonly number[]).includes(response.status);
    if (!options.isRetry || !retryable) {
      if (response) return response;
      return transportFailure(t('request.networkError'), 0, null, options);
    }
    if (attempt > MAX_RETRIES) {
      const envelope = response ? await readEnvelope(response) : null;
      const text = envelope?.message || t('request.retryFailed');
      return transportFailure(text, envelope?.code ?? response?.status ?? 0, envelope?.data ?? null, options);
    }
    if (!options.isHideMsg) {
      showMessage('info', t('request.retrying', { attempt }), MESSAGE_DURATION_MS, `retry:${url}`);
    }
    await sleep(RETRY_DELAY_MS);
  }
}

async function call(url: string, options: RequestOptions): Promise<Response | unknown> {
  const fullUrl = buildUrl(url, options.params);
  const response = await fetchWithRetry(fullUrl, options);
  if (options.isDownLoadFile && response.ok) return response;
  const envelope = await readEnvelope(response);
  if (!envelope) {
    return transportFailure(t('request.httpError', { status: response.status }), response.status, null, options);
  }
  if (envelope.code === 200) return envelope.data;
  if (envelope.code === 401) return unauthorized(envelope, options);
  const text = envelope.message || t('request.error');
  if (!options.isHideMsg) showMessage('error', text, options.duration ?? MESSAGE_DURATION_MS);
  throw new ApiError(text, envelope.code, envelope.data, false);
}

/** A JSON call: resolves with the envelope's `data` when code is 200, rejects with ApiError otherwise. */
export function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return call(url, { ...options, isDownLoadFile: false }) as Promise<T>;
}

/** A download: the raw response, without the envelope check. */
export function download(url: string, options: RequestOptions = {}): Promise<Response> {
  return call(url, { ...options, isDownLoadFile: true }) as Promise<Response>;
}

export const http = {
  get: <T>(url: string, params?: RequestOptions['params'], options: RequestOptions = {}) =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, options: RequestOptions = {}) =>
    request<T>(url, { ...options, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, options: RequestOptions = {}) =>
    request<T>(url, { ...options, method: 'PUT', data }),
  /** DELETE with a JSON body (e.g. `{ ids }`). */
  delete: <T>(url: string, data?: unknown, options: RequestOptions = {}) =>
    request<T>(url, { ...options, method: 'DELETE', data }),
};
