import { DEFAULT_LOCALE, DEFAULT_PAGE_SIZE, LOCALES } from './constants.ts';
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
 * Here, not in the web app, because the server allows it in its Content-Security-Policy by its hash, which
 * must be that of these very characters. The storage keys are the web app's STORAGE_KEYS (docs/spec.md §4).
 */
export const FIRST_CALLS_KEY = '__firstCalls';

/** The user's details, which every signed-in screen waits for (the route guard). */
export const USER_INFO_URL = '/api/user/info';

/** The first page of a merchant's order list of `status` (null: every status), as the list screen asks for it. */
export function orderListUrl(status: number | null): string {
  return `/api/app/order/orders?${status === null ? '' : `status=${status}&`}page=1&pageSize=${DEFAULT_PAGE_SIZE}`;
}

/** The script's text, made once (below). A function, so that a bundle importing this module's other names
 * leaves it out whole. */
function firstCallsScript(): string {
  // The signed-in areas: the route table's top-level paths (every screen lies under one).
  const areas = ROUTE_TABLE.filter((route) => !route.href).map((route) => route.path);
  // The order lists' paths and the first page each asks for.
  const lists = Object.fromEntries(
    ORDER_LIST_ROUTES.map(({ name, status }) => [`/shipments/${name}`, orderListUrl(status)]),
  );
  return `(function () {
${READ_STORAGE}
  var token = read('sessionStorage', 'token') || read('localStorage', 'rememberedToken');
  var path = window.location.pathname;
  var signedIn = ${JSON.stringify(areas)}.some(function (area) {
    return path === area || path.indexOf(area + '/') === 0;
  });
  if (!token || !signedIn || !window.fetch) return;
  var locale = read('localStorage', 'locale');
  if (${JSON.stringify(LOCALES)}.indexOf(locale) < 0) locale = ${JSON.stringify(DEFAULT_LOCALE)};
  var calls = {};
  function start(url) {
    var response = fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': locale, Authorization: 'Bearer ' + token },
    });
    response.catch(function () {});
    calls[url] = { token: token, locale: locale, response: response };
  }
  start(${JSON.stringify(USER_INFO_URL)});
  var list = ${JSON.stringify(lists)}[path];
  if (list && !window.location.search) start(list);
  window[${JSON.stringify(FIRST_CALLS_KEY)}] = calls;
})();`;
}

export const FIRST_CALLS_SCRIPT = /* @__PURE__ */ firstCallsScript();
