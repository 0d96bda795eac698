import { DRAWING_SHOWN_KEY, DRAWN_FILL_WAIT_MS } from './app-start.ts';
import { NO_VALUE } from './constants.ts';
import { FIRST_CALLS_KEY, orderListUrl, USER_INFO_URL } from './first-calls.ts';
import { AFTER_PAINT, PICK_DRAWING, READ_STORAGE } from './inline-script-parts.ts';

/**
 * The signed-in first screens drawn at build time (issue 26, first screen), as /login's form is
 * (sign-in-page.ts): apps/web's build writes each to dist/ under `document`, with the signed-in layout's frame
 * (navbar, side menu) and the screen's first content in each language and theme, and the server sends it for
 * GET `path`. DRAWN_SCREEN_SCRIPT puts the drawing into the page before the app runs and fills it from the
 * answers of the document's first calls (first-calls.ts); the app removes it once its own screen is drawn.
 */
export const DRAWN_SCREENS = [
  { kind: 'orders', path: '/shipments/allWaybills', document: 'orders.html' },
  { kind: 'workplace', path: '/dashboard/workplace', document: 'workplace.html' },
] as const;

export type DrawnScreenKind = (typeof DRAWN_SCREENS)[number]['kind'];

/** The id of the drawing put into the page (a sibling of #root, ahead of it). */
export const DRAWN_SCREEN_ID = 'drawn-screen';

/** The attribute of a drawn element that takes a value of the first calls' answers (its name). */
export const DRAWN_FIELD = 'data-fill';

/** The rows the drawn order list shows: the live table's first render (apps/web OrderTable FIRST_ROWS). */
export const DRAWN_ROWS = 10;

/** The narrowest window drawn (apps/web MOBILE_BREAKPOINT): narrower, the layout and the list differ. */
export const DRAWN_MIN_WIDTH = 992;

/** The menu's width when collapsed (antd's Sider). */
const COLLAPSED_WIDTH = 80;

/**
 * The drawn documents' inline script after #root, run before the first paint. For someone with a
 * session, on the screen's own path without a query, in a window wide enough: it puts the drawing of their
 * stored language and theme ahead of #root (the menu as wide as they keep it, or left out, the navbar too),
 * and fills it from the document's first calls as they answer (at once from the answers the document brought,
 * so that its first paint shows them), each value as text (never as markup: the names
 * are the merchants' own): the order list's rows, one per order from the drawn row of its status, and the
 * workplace's greeting for the hour and its account line. It reads a clone of each answer, so the app reads
 * the answer itself as usual, and keeps the app's start (APP_START_SCRIPT) waiting until the filled drawing is
 * painted (DRAWING_SHOWN_KEY). The drawing's content is inert (nothing in it can be focused or used) under a
 * cover that takes any click meant for it; the app removes it once its own screen is drawn
 * (apps/web/src/utils/drawnScreen.ts). Someone without a session gets nothing drawn: the app sends them to
 * /login.
 * Here, not in the web app, because the server allows it in its Content-Security-Policy by its hash, which
 * must be that of these very characters. The storage keys are the web app's STORAGE_KEYS (docs/spec.md §4).
 */
export const DRAWN_SCREEN_SCRIPT = /* @__PURE__ */ drawnScreenScript();

function drawnScreenScript(): string {
  const paths = Object.fromEntries(DRAWN_SCREENS.map(({ path, kind }) => [path, kind]));
  return `(function () {
${READ_STORAGE}
  var token = read('sessionStorage', 'token') || read('localStorage', 'rememberedToken');
  var kind = ${JSON.stringify(paths)}[window.location.pathname];
  if (!token || !kind || window.location.search || window.innerWidth < ${DRAWN_MIN_WIDTH}) return;
${PICK_DRAWING}
  var screen = drawn.content.getElementById(${JSON.stringify(DRAWN_SCREEN_ID)});
  if (!screen) return;
  document.documentElement.lang = locale;
  document.documentElement.setAttribute('data-theme', theme);
  if (settings.colorWeak === true) document.body.style.filter = 'invert(80%)';
  function each(selector, act) {
    var found = screen.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) act(found[i]);
  }
  if (settings.navbar === false) each('[data-drawn="navbar"]', function (element) { element.remove(); });
  if (settings.menu === false || settings.topMenu === true) {
    each('[data-drawn="menu"]', function (element) { element.remove(); });
  } else {
    var width = settings.menuCollapse === true ? ${COLLAPSED_WIDTH} : Number(settings.menuWidth) > 0 ? Number(settings.menuWidth) : 0;
    if (width > 0)
      each('[data-drawn="menu"]', function (element) {
        element.style.flex = '0 0 ' + width + 'px';
        element.style.width = element.style.minWidth = element.style.maxWidth = width + 'px';
      });
  }
  function put(element, value) {
    if (value === null || value === undefined || value === '') {
      element.remove();
      return;
    }
    var pattern = element.getAttribute('data-pattern');
    element.textContent = pattern ? pattern.split('%s').join(String(value)) : String(value);
  }
  function two(number) {
    return (number < 10 ? '0' : '') + number;
  }
  function time(value) {
    var date = new Date(value);
    if (isNaN(date.getTime())) return value;
    return date.getFullYear() + '-' + two(date.getMonth() + 1) + '-' + two(date.getDate()) + ' ' + two(date.getHours()) + ':' + two(date.getMinutes());
  }
  function money(amount) {
    if (amount === null || amount === undefined) return '\\u2014';
    var text = String(amount);
    var negative = text.charAt(0) === '-';
    var parts = text.replace('-', '').split('.');
    var fraction = (parts[1] || '00');
    while (fraction.length < 2) fraction += '0';
    return (negative ? '-' : '') + '$' + (parts[0] || '0').replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',') + '.' + fraction;
  }
  function fill(element, values) {
    var fields = element.querySelectorAll('[${DRAWN_FIELD}]');
    for (var i = 0; i < fields.length; i++) put(fields[i], values[fields[i].getAttribute('${DRAWN_FIELD}')]);
  }
  var calls = window[${JSON.stringify(FIRST_CALLS_KEY)}] || {};
  var filled;
${AFTER_PAINT}
  window[${JSON.stringify(DRAWING_SHOWN_KEY)}] = new Promise(function (resolve) {
    // settled after the frame that shows the filled drawing is painted
    filled = function () {
      afterPaint(resolve);
    };
    setTimeout(resolve, ${DRAWN_FILL_WAIT_MS});
  });
  function answer(url, use) {
    var call = calls[url];
    if (!call) return filled();
    // an answer the document brought fills the drawing now, before it is put in and painted
    if (call.body !== undefined) {
      var brought = call.body;
      if (brought && brought.code === 200 && brought.data) use(brought.data);
      return filled();
    }
    call.response
      .then(function (response) {
        if (!response.ok) return;
        return response.clone().json().then(function (body) {
          if (body && body.code === 200 && body.data && screen.isConnected) use(body.data);
        });
      })
      .catch(function () {})
      .then(filled);
  }
  if (kind === 'orders') {
    var tableBody = screen.querySelector('tbody');
    var drawnRows = {};
    each('tbody > tr[data-status]', function (row) {
      drawnRows[row.getAttribute('data-status') + ':' + row.getAttribute('data-labelled')] = row;
      row.remove();
    });
    answer(${JSON.stringify(orderListUrl(null))}, function (data) {
      each('[${DRAWN_FIELD}="total"]', function (element) {
        put(element, data.total);
      });
      var orders = (data.list || []).slice(0, ${DRAWN_ROWS});
      for (var i = 0; i < orders.length; i++) {
        var order = orders[i];
        var labelled = order.tackNo ? ':1' : ':0';
        var drawnRow = drawnRows[order.status + labelled] || drawnRows['0' + labelled];
        if (!drawnRow || !tableBody) return;
        var row = drawnRow.cloneNode(true);
        row.setAttribute('data-row-key', String(order.id));
        fill(row, {
          orderNo: order.orderNo,
          tackNo: order.tackNo,
          serviceName: order.serviceName || '\\u2014',
          carrierCode: order.serviceName ? order.carrierCode || '' : null,
          zone: order.serviceName ? order.zone : null,
          toPersonName: order.toPersonName,
          toZipCode: order.toZipCode,
          toAddress: order.toAddress,
          rate: money(order.rate),
          createdAt: time(order.createdAt),
          createdTime: order.createdTime ? time(order.createdTime).slice(5) : null,
        });
        tableBody.appendChild(row);
      }
    });
  } else {
    var hour = new Date().getHours();
    var part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
    answer(${JSON.stringify(USER_INFO_URL)}, function (user) {
      each('[data-greeting]', function (greeting) {
        greeting.setAttribute('data-pattern', greeting.getAttribute('data-' + part) || '%s');
        put(greeting, user.name || user.username);
      });
      var line = user.kind === 'staff' ? 'staff' : 'customer';
      each('[data-account-line]', function (element) {
        if (element.getAttribute('data-account-line') !== line) element.remove();
      });
      fill(screen, {
        accountId: user.accountId || ${JSON.stringify(NO_VALUE)},
        company: user.company || ${JSON.stringify(NO_VALUE)},
        staffAccount: user.accountId || user.username,
      });
    });
  }
  root.parentNode.insertBefore(screen, root);
})();`;
}
