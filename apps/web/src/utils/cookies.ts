/** A year in seconds: how long a kept cookie lives (the look, a remembered session). */
export const COOKIE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Writes the cookie `name` for the whole site, sent on top-level navigations from other sites too (lax), over
 * HTTPS only where the app is served so; kept `maxAgeS` seconds (0: removed), or for the browser session (null).
 * The values written here (a look, a session token) are plain words: nothing to escape.
 */
export function writeCookie(name: string, value: string, maxAgeS: number | null): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const maxAge = maxAgeS === null ? '' : `; max-age=${maxAgeS}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served (nor jsdom)
  document.cookie = `${name}=${value}; path=/${maxAge}; samesite=lax${secure}`;
}
