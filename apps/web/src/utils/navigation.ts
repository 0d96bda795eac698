import type { KeyMode } from '@parcelport/shared';

/**
 * Navigation from outside React (the request client after a 401, the session store). The router
 * registers its navigate function at start-up; without one the browser loads the address.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) void navigator(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard/workplace';

/**
 * The drafts list filtered by a batch (an import's, or a store sync's new drafts); a batch of test drafts opens
 * it on its test data (`mode=test`, issue 31), where they are.
 */
export const batchDraftsPath = (batchNo: string, mode?: KeyMode) =>
  `/shipments/draft?batchNo=${encodeURIComponent(batchNo)}${mode === 'test' ? '&mode=test' : ''}`;

/** Pages that need no sign-in and never become a login redirect target. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  LOGIN_PATH,
  '/register',
  '/registerForm',
  '/config',
  '/resetPassword',
  '/not-found',
]);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** /login with a `redirect` query holding the original route (path and query). */
export function loginPathFor(originalPath: string): string {
  const pathname = originalPath.split(/[?#]/)[0] ?? '';
  if (!originalPath || isPublicPath(pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(originalPath)}`;
}

/** The address the browser shows now (path and query). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** A redirect target from the login query, only when it is a path of this app (never another site). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (isPublicPath(value.split(/[?#]/)[0] ?? '')) return null;
  return value;
}

/** Full page loads (language switch, logout); an object so tests can observe them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  load(path: string): void {
    window.location.assign(path);
  },
};
