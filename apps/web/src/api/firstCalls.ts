import { FIRST_CALLS_KEY } from '@parcelport/shared';

/** A call the document started before the app's script ran (packages/shared FIRST_CALLS_SCRIPT). */
interface FirstCall {
  token: string;
  locale: string;
  response: Promise<Response>;
}

/** The URL with its query parameters in one order, so that the same call matches however it was written. */
function normalised(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

/**
 * The answer of the call to `url` the document started, if it started one with this token and language and
 * the app has not taken it yet: taken once, so every later call of the same URL goes out anew. A first call
 * that failed to reach the server is not taken (the caller makes its own, with its retries and messages).
 */
export function takeFirstCall(url: string, token: string | null, locale: string): Promise<Response> | undefined {
  const calls = (window as unknown as Record<string, Record<string, FirstCall> | undefined>)[FIRST_CALLS_KEY];
  if (!calls || token === null) return undefined;
  const key = Object.keys(calls).find((started) => normalised(started) === normalised(url));
  const call = key === undefined ? undefined : calls[key];
  if (key === undefined || !call) return undefined;
  delete calls[key];
  if (call.token !== token || call.locale !== locale) return undefined;
  return call.response;
}
