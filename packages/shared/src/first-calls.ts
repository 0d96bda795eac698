import { DEFAULT_LOCALE, DEFAULT_PAGE_SIZE, LOCALES, type Locale } from './constants.ts';
import { READ_STORAGE } from './inline-script-parts.ts';
import { ROUTE_TABLE } from './menu.ts';
import { ORDER_LIST_ROUTES } from './orders.ts';

/**
 * The first API calls of a signed-in visit, started by the document itself (issue 26, first screen). Without
 * it a signed-in screen asks for the user's details once the app's script has loaded and run (seconds on a busy
 * machine), and an order list for its rows only once the screen is drawn: two waits in series after the
 * script. The web build puts FIRST_CALLS_SCRIPT inline in the head of index.html, ahead of the app's script;
 * it starts those calls as the document is parsed and keeps them on `window[FIRST_CALLS_KEY]` by URL, with the
 * token and language they were made with. The app's request layer answers its own first call of the same URL,
 * token and language with the started one, once (apps/web/src/api/firstCalls.ts); any other call goes out as
 * usual.
 * Where the server could make those calls itself (the session cookie below), the document brings their answers
 * (FIRST_ANSWERS_ID) and the script takes them instead of asking: no request, no wait.
 * Here, not in the web app, because the server allows it in its Content-Security-Policy by its hash, which
 * must be that of these very characters. The storage keys are the web app's STORAGE_KEYS (docs/spec.md §4).
 */
export const FIRST_CALLS_KEY = '__firstCalls';

/**
 * The cookie in which the web app keeps the session token of the tab that last stored one, so that the server,
 * sending a signed-in document, can answer that document's first calls in it. The API never reads it (calls
 * carry the token as a bearer header), so a request another site makes the browser send does nothing with it.
 */
export const SESSION_COOKIE = 'session';

/** The id of the data block (`<script type="application/json">`) in which a document brings its first answers. */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * How much of the token, from its end, a document's first answers name: the tab's own token must end so for
 * the script to take them (the cookie is the last stored token of any tab; each tab keeps its own session).
 * Not the token itself: the document may be saved or shown where the token should not be.
 */
export const TOKEN_TAIL_LENGTH = 12;

/** The first answers a document brings: the server's answer to each of its first calls, as the call would get it. */
export interface FirstAnswers {
  /** The last TOKEN_TAIL_LENGTH characters of the session token they were made with. */
  for: string;
  /** The language they were made in (the look cookie's). */
  locale: Locale;
  /** By URL: the answer's status and body (no renewed token: the server renews no session in these calls). */
  answers: Record<string, { status: number; body: unknown }>;
}

/** The user's details, which every signed-in screen waits for (the route guard). */
export const USER_INFO_URL = '/api/user/info';

/** The first page of a merchant's order list of `status` (null: every status), as the list screen asks for it. */
export function orderListUrl(status: number | null): string {
  return `/api/app/order/orders?${status === null ? '' : `status=${status}&`}page=1&pageSize=${DEFAULT_PAGE_SIZE}`;
}

/** The signed-in areas: the route table's top-level paths (every screen lies under one). */
const signedInAreas = () => ROUTE_TABLE.filter((route) => !route.href).map((route) => route.path);

/** The order lists' paths and the first page each asks for. */
const listFirstPages = (): Record<string, string> =>
  Object.fromEntries(ORDER_LIST_ROUTES.map(({ name, status }) => [`/shipments/${name}`, orderListUrl(status)]));

/** The calls a document at `pathname` (with `search`, its query string or '') starts for a signed-in visitor. */
export function firstCallUrls(pathname: string, search: string): string[] {
  if (!signedInAreas().some((area) => pathname === area || pathname.startsWith(`${area}/`))) return [];
  const list = listFirstPages()[pathname];
  return list && !search ? [USER_INFO_URL, list] : [USER_INFO_URL];
}

/** The script's text, made once (below). A function, so that a bundle importing this module's other names
 * leaves it out whole. The same areas and lists as firstCallUrls. */
function firstCallsScript(): string {
  return `(function () {
${READ_STORAGE}
  var token = read('sessionStorage', 'token') || read('localStorage', 'rememberedToken');
  var path = window.location.pathname;
  var signedIn = ${JSON.stringify(signedInAreas())}.some(function (area) {
    return path === area || path.indexOf(area + '/') === 0;
  });
  if (!token || !signedIn || !window.fetch) return;
  var locale = read('localStorage', 'locale');
  if (${JSON.stringify(LOCALES)}.indexOf(locale) < 0) locale = ${JSON.stringify(DEFAULT_LOCALE)};
  var brought = null;
  var block = document.getElementById(${JSON.stringify(FIRST_ANSWERS_ID)});
  if (block) {
    try {
      brought = JSON.parse(block.textContent);
    } catch (error) {}
    block.remove();
  }
  // answers made for another tab's session, or in another language, are not this tab's
  if (!brought || brought.for !== token.slice(-${TOKEN_TAIL_LENGTH}) || brought.locale !== locale) brought = { answers: {} };
  var calls = {};
  function start(url) {
    var answer = brought.answers[url];
    if (answer) {
      var response = new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
      calls[url] = { token: token, locale: locale, body: answer.body, response: Promise.resolve(response) };
      return;
    }
    var response = fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': locale, Authorization: 'Bearer ' + token },
    });
    response.catch(function () {});
    calls[url] = { token: token, locale: locale, response: response };
  }
  start(${JSON.stringify(USER_INFO_URL)});
  var list = ${JSON.stringify(listFirstPages())}[path];
  if (list && !window.location.search) start(list);
  window[${JSON.stringify(FIRST_CALLS_KEY)}] = calls;
})();`;
}

export const FIRST_CALLS_SCRIPT = /* @__PURE__ */ firstCallsScript();
