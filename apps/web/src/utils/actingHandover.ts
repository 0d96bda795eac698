/**
 * How a staff member's window hands a user's token to the acting-as window it opens on /config, without
 * the token ever being part of a URL (where history, logs and Referer headers would keep it): the new
 * window says it is ready, and its opener answers with the token, both by postMessage, same origin only.
 */
const READY = 'parcelport:acting-as-ready';
const TOKEN = 'parcelport:acting-as-token';

/** How long the opener waits for the new window to say it is ready. */
const OPENER_WAITS_MS = 60_000;

/** Opens /config in a new window and hands it `token` once it asks for it. */
export function openActingAsWindow(token: string): void {
  const child = window.open('/config', '_blank');
  if (!child) return;
  const origin = window.location.origin;
  const stop = () => {
    window.removeEventListener('message', onMessage);
    clearTimeout(timer);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== child || event.origin !== origin || event.data?.type !== READY) return;
    stop();
    child.postMessage({ type: TOKEN, token }, origin);
  };
  window.addEventListener('message', onMessage);
  const timer = setTimeout(stop, OPENER_WAITS_MS);
}

/**
 * The acting-as window's side: asks its opener for the token and calls `received` with it once, or
 * `failed` when there is no opener or no answer within `waitMs`. Answers a function that stops waiting.
 */
export function requestActingToken(received: (token: string) => void, failed: () => void, waitMs: number): () => void {
  const opener = window.opener as Window | null;
  if (!opener) {
    failed();
    return () => {};
  }
  const origin = window.location.origin;
  const stop = () => {
    window.removeEventListener('message', onMessage);
    clearTimeout(timer);
  };
  const onMessage = (event: MessageEvent) => {
    const token = event.data?.token;
    if (event.source !== opener || event.origin !== origin || event.data?.type !== TOKEN) return;
    if (typeof token !== 'string' || token === '') return;
    stop();
    received(token);
  };
  window.addEventListener('message', onMessage);
  const timer = setTimeout(() => {
    stop();
    failed();
  }, waitMs);
  opener.postMessage({ type: READY }, origin);
  return stop;
}
