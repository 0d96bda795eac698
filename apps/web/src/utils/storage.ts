import { cookieIn, SESSION_COOKIE } from '@parcelport/shared';
import { COOKIE_YEAR_S, writeCookie } from './cookies';

/**
 * Every browser storage key the app uses (docs/spec.md §4). The session token lives in session storage under
 * `token`; 'remember password' also keeps it in local storage so that a new browser session restores it.
 * The password itself is never stored anywhere.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: the session token. */
  token: 'token',
  /** localStorage: the remembered session token ('remember password'). */
  rememberedToken: 'rememberedToken',
  /** localStorage: the remembered username ('remember password'). */
  rememberedUsername: 'rememberedUsername',
  /** localStorage: the interface language. */
  locale: 'locale',
  /** localStorage: display settings (settings store). */
  settings: 'settings',
  /** localStorage: set when this browser opened a session acting as a user (/config). */
  actingAs: 'actingAs',
  /** localStorage: marketplace authorisation tokens kept while connecting stores. */
  authorTokens: 'authorTokens',
  /** localStorage: the menu fetched from the server (settings → menuFromServer). */
  serverMenu: 'serverMenu',
} as const;

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/**
 * The session cookie (packages/shared SESSION_COOKIE) holds the token this tab stores, so that the server can
 * bring a signed-in document's first answers (docs/architecture.md): written whenever a token is stored,
 * outliving the browser session when the session is remembered, as the remembered token does. The API never
 * reads it; the token stays in the tab's storage as before.
 */
export function mirrorSessionInCookie(): void {
  const token = getToken();
  if (token) writeCookie(SESSION_COOKIE, token, rememberedToken() === token ? COOKIE_YEAR_S : null);
}

/** The session cookie goes with the session it holds (another tab's stays). */
function forgetSessionCookie(token: string | null): void {
  if (token && cookieIn(document.cookie, SESSION_COOKIE) === token) writeCookie(SESSION_COOKIE, '', 0);
}

export function getToken(): string | null {
  return safe(() => sessionStorage.getItem(STORAGE_KEYS.token), null);
}

function rememberedToken(): string | null {
  return safe(() => localStorage.getItem(STORAGE_KEYS.rememberedToken), null);
}

/**
 * Stores the session token (a renewed one, or the one /config brings). The remembered copy follows only
 * when this tab owns the remembered session, so an acting-as window never replaces the staff member's.
 */
export function setToken(token: string): void {
  const previous = getToken();
  safe(() => sessionStorage.setItem(STORAGE_KEYS.token, token), undefined);
  if (previous && rememberedToken() === previous) rememberSession(token);
  mirrorSessionInCookie();
}

/** 'Remember password': keep the session across browser sessions (never the password). */
export function rememberSession(token: string): void {
  safe(() => localStorage.setItem(STORAGE_KEYS.rememberedToken, token), undefined);
}

export function forgetSession(): void {
  safe(() => localStorage.removeItem(STORAGE_KEYS.rememberedToken), undefined);
}

/** At start-up: a new browser session takes over the remembered token; the cookie holds this tab's token. */
export function restoreRememberedSession(): void {
  const remembered = rememberedToken();
  if (remembered && !getToken()) safe(() => sessionStorage.setItem(STORAGE_KEYS.token, remembered), undefined);
  mirrorSessionInCookie();
}

/**
 * Logout (docs/spec.md §4): token, server menu, author tokens and the acting-as flag; the remembered token too
 * when it is this tab's session.
 */
export function clearSessionStorage(): void {
  safe(() => {
    const token = getToken();
    forgetSessionCookie(token);
    if (token && rememberedToken() === token) localStorage.removeItem(STORAGE_KEYS.rememberedToken);
    sessionStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.serverMenu);
    localStorage.removeItem(STORAGE_KEYS.authorTokens);
    localStorage.removeItem(STORAGE_KEYS.actingAs);
  }, undefined);
}

export function getRememberedUsername(): string {
  return safe(() => localStorage.getItem(STORAGE_KEYS.rememberedUsername) ?? '', '');
}

export function setRememberedUsername(username: string | null): void {
  safe(() => {
    if (username) localStorage.setItem(STORAGE_KEYS.rememberedUsername, username);
    else localStorage.removeItem(STORAGE_KEYS.rememberedUsername);
  }, undefined);
}

export function setActingAsFlag(): void {
  safe(() => localStorage.setItem(STORAGE_KEYS.actingAs, '1'), undefined);
}

/**
 * A new session after sign-in. With 'remember password' the token is also kept in local storage (the
 * password never is); without it a previously remembered session is forgotten.
 */
export function startSession(token: string, remember: boolean): void {
  safe(() => sessionStorage.setItem(STORAGE_KEYS.token, token), undefined);
  if (remember) rememberSession(token);
  else forgetSession();
  mirrorSessionInCookie();
}

/** docs/spec.md §8: a failed login clears the token. */
export function clearToken(): void {
  forgetSessionCookie(getToken());
  safe(() => sessionStorage.removeItem(STORAGE_KEYS.token), undefined);
}
