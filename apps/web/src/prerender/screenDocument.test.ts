import {
  APP_ENTRY_ATTRIBUTE,
  APP_START_SCRIPT,
  APP_STYLE_ATTRIBUTE,
  DRAWING_SHOWN_KEY,
  DRAWN_SCREEN_ID,
  DRAWN_SCREEN_SCRIPT,
  DRAWN_SCREENS,
  FIRST_ANSWERS_ID,
  FIRST_CALLS_KEY,
  FIRST_CALLS_SCRIPT,
  type FirstAnswers,
  LOCALES,
  type Locale,
  ORDER_STATUSES,
  orderListUrl,
  THEMES,
  TOKEN_TAIL_LENGTH,
  USER_INFO_URL,
} from '@parcelport/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf } from '../locales/catalogue';
import { BUILT_INDEX } from '../test/builtIndex';
import { bringFirstAnswers, sampleUser, stubFetch } from '../test/helpers';
import { listItem } from '../test/shipmentFixtures';
import { NO_VALUE } from '../utils/shown';
import { drawScreens, markFields, type ScreenDrawing } from './drawScreens';
import { screenDocument } from './screenDocument';

const CATALOGUES: Record<Locale, Record<string, string>> = {
  'zh-CN': catalogueOf('zh-CN'),
  'en-US': catalogueOf('en-US'),
};

const APP_STYLES = '.pp-drawn-screen{position:fixed}.pp-unused{color:red}';
const ANTD_LINK = '<link rel="stylesheet" href="/assets/antd-1.css" data-antd-styles>';

let drawn: { drawings: ScreenDrawing[]; styles: string };
const documents: Record<string, string> = {};
beforeAll(async () => {
  drawn = await drawScreens();
  for (const { kind } of DRAWN_SCREENS)
    documents[kind] = screenDocument(BUILT_INDEX, kind, drawn, { appStyles: APP_STYLES, antdLink: ANTD_LINK });
}, 60_000);

afterEach(() => {
  document.getElementById(DRAWN_SCREEN_ID)?.remove();
  for (const template of document.head.querySelectorAll('template')) template.remove();
  document.getElementById('root')?.remove();
  sessionStorage.clear();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[FIRST_CALLS_KEY];
  delete (window as unknown as Record<string, unknown>)[DRAWING_SHOWN_KEY];
});

/** When the app may start (DRAWN_SCREEN_SCRIPT's promise), or undefined where nothing was drawn. */
const appStart = () => (window as unknown as Record<string, Promise<void> | undefined>)[DRAWING_SHOWN_KEY];

/** A drawing's content, parsed. */
function drawingOf(kind: string, locale: Locale, theme: string): HTMLElement {
  const drawing = drawn.drawings.find((each) => each.kind === kind && each.locale === locale && each.theme === theme);
  const template = document.createElement('template');
  template.innerHTML = drawing?.markup ?? '';
  return template.content.firstElementChild as HTMLElement;
}

/** The answer of a first call the document started, as the browser gives it. */
const answered = (data: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify({ code: 200, message: 'ok', data }), {
      headers: { 'content-type': 'application/json' },
    }),
  );

/** The order list's drawing has its rows; the workplace's, its greeting. */
const rowsDrawn = (drawing: HTMLElement) => drawing.querySelectorAll('tbody > tr[data-status]').length > 0;
const greeted = (drawing: HTMLElement) =>
  (drawing.querySelector('[data-testid="workplace-greeting"]')?.textContent ?? '') !== '';

/**
 * The drawn document of `kind` as the browser holds it when its script runs: its drawings' templates in the head
 * (those of a document before taken away), an empty #root, the page at the screen's path.
 */
function putDocument(kind: string): void {
  const page = new DOMParser().parseFromString(documents[kind] as string, 'text/html');
  for (const template of document.head.querySelectorAll('template')) template.remove();
  for (const template of page.head.querySelectorAll('template'))
    document.head.appendChild(document.importNode(template, true));
  if (!document.getElementById('root')) {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
  }
  window.history.replaceState({}, '', DRAWN_SCREENS.find((screen) => screen.kind === kind)?.path as string);
}

/**
 * The drawn document of `kind` opened at its path with a session, the script run as the browser runs it, with
 * the first calls answered by `answers` (URL: data), once `filled` says the answers are in.
 */
async function open(
  kind: string,
  locale: Locale,
  answers: Record<string, unknown>,
  filled: (drawing: HTMLElement) => boolean,
): Promise<HTMLElement | null> {
  putDocument(kind);
  sessionStorage.setItem('token', 'customer-token');
  localStorage.setItem('locale', locale);
  const calls = Object.fromEntries(
    Object.entries(answers).map(([url, data]) => [url, { token: 'customer-token', locale, response: answered(data) }]),
  );
  (window as unknown as Record<string, unknown>)[FIRST_CALLS_KEY] = calls;
  new Function(DRAWN_SCREEN_SCRIPT)();
  const drawing = document.getElementById(DRAWN_SCREEN_ID);
  // the answers' bodies read and put in
  await waitFor(() => expect(drawing && filled(drawing)).toBe(true));
  return drawing;
}

describe('the drawn signed-in first screens', () => {
  it('draws each screen in each language and theme, inert, its texts from that language', () => {
    for (const locale of LOCALES) {
      const t = CATALOGUES[locale];
      for (const theme of THEMES) {
        const orders = drawingOf('orders', locale, theme);
        expect(orders.id).toBe(DRAWN_SCREEN_ID);
        expect(orders.dataset.path).toBe('/shipments/allWaybills');
        expect(orders.firstElementChild?.hasAttribute('inert')).toBe(true);
        const titles = [...orders.querySelectorAll('thead th')].map((th) => th.textContent);
        for (const key of ['orderList.orderNo', 'field.status', 'orderList.service', 'orderList.recipient'])
          expect(titles, `${locale} ${theme}`).toContain(t[key]);
        expect(orders.querySelector('[data-drawn="navbar"] .pp-navbar')).toBeTruthy();
        expect(orders.querySelector('aside[data-drawn="menu"]')).toBeTruthy();
        // a row for each status, labelled or not, its status tag in this language
        const rows = orders.querySelectorAll('tbody > tr[data-status]');
        expect(rows).toHaveLength(ORDER_STATUSES.length * 2);
        const draft = orders.querySelector('tbody > tr[data-status="0"][data-labelled="0"]');
        expect(draft?.querySelector('.ant-tag')?.textContent).toBe(t['orderStatus.0']);
        expect(draft?.querySelector('[data-fill="orderNo"]')).toBeTruthy();
        expect(draft?.querySelector('[data-fill="tackNo"]')).toBeNull();
        expect(orders.querySelector('tr[data-labelled="1"] [data-fill="tackNo"]')).toBeTruthy();
        expect(orders.innerHTML).not.toContain('§');
        // the rows drawn as the answer they are filled from: no spinner over them, not faded as loading
        expect(orders.querySelector('.ant-spin-spinning, .ant-spin-blur')).toBeNull();
        // nothing the app draws is found twice while its rows come
        expect(orders.querySelector('[data-testid], [id]')).toBeNull();

        const workplace = drawingOf('workplace', locale, theme);
        expect(workplace.dataset.path).toBe('/dashboard/workplace');
        const greeting = workplace.querySelector('[data-testid="workplace-greeting"] [data-greeting]');
        expect(greeting?.getAttribute('data-morning')).toBe(t['workplace.morning']?.replace('{{name}}', '%s'));
      }
    }
  });

  it('keeps inline only the rules the drawing uses, prefetches the app and preloads its stylesheets, started by its own script', () => {
    const html = documents.orders as string;
    expect(html).toContain('.pp-drawn-screen{position:fixed}');
    expect(html).not.toContain('pp-unused');
    const root = html.indexOf('<div id="root"></div>');
    expect(html.indexOf(`<script>${DRAWN_SCREEN_SCRIPT}</script>`)).toBeGreaterThan(root);
    // the app's script prefetched, not run: the start script in its place runs it
    expect(html).not.toContain('<script type="module" crossorigin src=');
    const entry = html.indexOf(
      `<link rel="prefetch" crossorigin href="/assets/index-3fa9c0de.js" ${APP_ENTRY_ATTRIBUTE}>`,
    );
    expect(entry).toBeGreaterThan(0);
    expect(entry).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf(`<script type="module">${APP_START_SCRIPT}</script>`)).toBeGreaterThan(entry);
    // antd's stylesheet and the app's, in that order after the drawn script, preloaded
    const antd = html.indexOf(`<link rel="preload" as="style" ${APP_STYLE_ATTRIBUTE} href="/assets/antd-1.css"`);
    expect(antd).toBeGreaterThan(root);
    expect(
      html.indexOf(`rel="preload" as="style" ${APP_STYLE_ATTRIBUTE} crossorigin href="/assets/index-5b1e2a77.css"`),
    ).toBeGreaterThan(antd);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.match(/<template /g)).toHaveLength(LOCALES.length * THEMES.length);
  });

  for (const locale of LOCALES) {
    it(`fills the order list's rows from the document's first call, names as text, never markup (${locale})`, async () => {
      const attack = '<img src=x onerror="window.__attacked=1">';
      const list = [
        listItem({ id: 7, orderNo: 'PP-DRAWN-1', status: 0, toPersonName: attack, toAddress: '<b>1 Main St</b>' }),
        listItem({
          id: 8,
          orderNo: 'PP-DRAWN-2',
          status: 3,
          tackNo: '1Z999',
          serviceName: 'Ground',
          carrierCode: 'UPS',
          zone: 5,
          rate: '1234.5',
        }),
      ];
      const drawing = await open('orders', locale, { [orderListUrl(null)]: { list, total: 2 } }, rowsDrawn);
      expect(drawing?.parentElement).toBe(document.body);
      expect(drawing?.nextElementSibling?.id).toBe('root');
      expect(document.documentElement.lang).toBe(locale);
      const rows = drawing?.querySelectorAll('tbody > tr[data-status]') ?? [];
      expect(rows).toHaveLength(2);
      // the answer's total wherever the screen writes one: the toolbar's "all N" (four: the zip, the PDF, the PDF
      // with slips, the packing slips), the pagination's
      const totals = [...(drawing?.querySelectorAll('[data-fill="total"]') ?? [])].map((each) => each.textContent);
      expect(totals).toHaveLength(5);
      for (const total of totals) expect(total).toMatch(/(^|\D)2(\D|$)/);
      const [first, second] = [...rows];
      expect(first?.getAttribute('data-row-key')).toBe('7');
      expect(first?.querySelector('[data-fill="orderNo"]')?.textContent).toBe('PP-DRAWN-1');
      expect(first?.querySelector('[data-fill="toPersonName"]')?.textContent).toBe(attack);
      expect(first?.querySelector('[data-fill="toAddress"]')?.textContent).toBe('<b>1 Main St</b>');
      expect(drawing?.querySelector('img[onerror], b')).toBeNull();
      expect((window as unknown as { __attacked?: number }).__attacked).toBeUndefined();
      expect(first?.querySelector('[data-fill="tackNo"]')).toBeNull();
      expect(first?.querySelector('.ant-tag')?.textContent).toBe(CATALOGUES[locale]['orderStatus.0']);
      expect(second?.querySelector('.ant-tag')?.textContent).toBe(CATALOGUES[locale]['orderStatus.3']);
      expect(second?.querySelector('[data-fill="tackNo"]')?.textContent).toBe('1Z999');
      expect(second?.querySelector('[data-fill="rate"]')?.textContent).toBe('$1,234.50');
      expect(second?.querySelector('[data-fill="zone"]')?.textContent).toContain('5');
      expect(second?.textContent).toContain(CATALOGUES[locale]['orderList.zone']?.replace('{{zone}}', '5'));
    });

    it(`fills the workplace's greeting and account line from the user's details (${locale})`, async () => {
      const user = sampleUser({ name: '<img src=x onerror="window.__attacked=1">', accountId: 'A-1', company: '' });
      const drawing = await open('workplace', locale, { [USER_INFO_URL]: user }, greeted);
      const greeting = drawing?.querySelector('[data-testid="workplace-greeting"]');
      const hour = new Date().getHours();
      const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
      expect(greeting?.textContent).toBe(
        CATALOGUES[locale][`workplace.${part}`]?.replace('{{name}}', '<img src=x onerror="window.__attacked=1">'),
      );
      expect(drawing?.querySelector('img[onerror]')).toBeNull();
      expect(drawing?.textContent).toContain(
        CATALOGUES[locale]['workplace.account']?.replace('{{account}}', 'A-1').replace('{{company}}', NO_VALUE),
      );
      expect(
        [...(drawing?.querySelectorAll('[data-account-line]') ?? [])].map((line) =>
          line.getAttribute('data-account-line'),
        ),
      ).toEqual(['customer']);
    });

    it(`draws an employee's account line as the workplace does, with no company (${locale})`, async () => {
      const user = sampleUser({ kind: 'staff', accountId: 'A00000001', company: '' });
      const drawing = await open('workplace', locale, { [USER_INFO_URL]: user }, greeted);
      const line = drawing?.querySelectorAll('[data-account-line]');
      expect(line).toHaveLength(1);
      expect(line?.[0]?.textContent).toBe(
        CATALOGUES[locale]['workplace.staffAccount']?.replace('{{account}}', 'A00000001'),
      );
    });
  }

  it('lets the app start once the filled rows are painted, or once their call failed', async () => {
    let answer = (_: Response) => {};
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    putDocument('orders');
    sessionStorage.setItem('token', 'customer-token');
    (window as unknown as Record<string, unknown>)[FIRST_CALLS_KEY] = {
      [orderListUrl(null)]: { token: 'customer-token', locale: 'en-US', response: held },
    };
    new Function(DRAWN_SCREEN_SCRIPT)();
    let started = false;
    void appStart()?.then(() => {
      started = true;
    });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(started).toBe(false); // the rows' answer is not in
    answer(await answered({ list: [listItem({ id: 9, orderNo: 'PP-DRAWN-9' })], total: 1 }));
    await waitFor(() => expect(started).toBe(true));
    expect(document.querySelector('[data-row-key="9"]')?.textContent).toContain('PP-DRAWN-9');

    // a call that failed: the app starts as soon, and draws the screen itself
    document.getElementById(DRAWN_SCREEN_ID)?.remove();
    putDocument('orders');
    delete (window as unknown as Record<string, unknown>)[DRAWING_SHOWN_KEY];
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {}); // as the document's first calls keep theirs
    (window as unknown as Record<string, unknown>)[FIRST_CALLS_KEY] = {
      [orderListUrl(null)]: { token: 'customer-token', locale: 'en-US', response: failed },
    };
    new Function(DRAWN_SCREEN_SCRIPT)();
    expect(document.getElementById(DRAWN_SCREEN_ID)).toBeTruthy();
    await expect(appStart()).resolves.toBeUndefined();
  });

  it('fills the rows before the drawing is put in when the document brought their answer, so its first paint shows them', () => {
    const { calls } = stubFetch({});
    putDocument('orders');
    sessionStorage.setItem('token', 'customer-token-0123456789');
    localStorage.setItem('locale', 'en-US');
    const list = [listItem({ id: 11, orderNo: 'PP-BROUGHT-1', status: 0 })];
    const brought = (tail: string): FirstAnswers => ({
      for: tail,
      locale: 'en-US',
      answers: { [orderListUrl(null)]: { status: 200, body: { code: 200, message: 'ok', data: { list, total: 1 } } } },
    });
    bringFirstAnswers(brought('customer-token-0123456789'.slice(-TOKEN_TAIL_LENGTH)));
    new Function(FIRST_CALLS_SCRIPT)(); // in the head, as the document is parsed
    new Function(DRAWN_SCREEN_SCRIPT)(); // after #root
    // no await: the rows are there when the script has run, before any frame
    expect(document.querySelector(`#${DRAWN_SCREEN_ID} [data-row-key="11"]`)?.textContent).toContain('PP-BROUGHT-1');
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull(); // read once and taken out of the page
    expect(calls.map((call) => call.url)).toEqual(['/api/user/info']); // the rows' call not made

    // answers made for another tab's session: the drawing waits for its own call, as without them
    document.getElementById(DRAWN_SCREEN_ID)?.remove();
    delete (window as unknown as Record<string, unknown>)[DRAWING_SHOWN_KEY];
    putDocument('orders');
    bringFirstAnswers(brought('another-tab!'));
    new Function(FIRST_CALLS_SCRIPT)();
    new Function(DRAWN_SCREEN_SCRIPT)();
    expect(document.querySelector(`#${DRAWN_SCREEN_ID} [data-row-key="11"]`)).toBeNull();
    expect(calls.map((call) => call.url)).toContain(orderListUrl(null));
  });

  it('draws nothing without a session, with a query, or in a narrow window', async () => {
    putDocument('orders');
    new Function(DRAWN_SCREEN_SCRIPT)();
    expect(document.getElementById(DRAWN_SCREEN_ID)).toBeNull();
    expect(appStart()).toBeUndefined(); // nothing to wait for: the app starts at once
    sessionStorage.setItem('token', 'customer-token');
    window.history.replaceState({}, '', '/shipments/allWaybills?status=1');
    new Function(DRAWN_SCREEN_SCRIPT)();
    expect(document.getElementById(DRAWN_SCREEN_ID)).toBeNull();
    window.history.replaceState({}, '', '/shipments/allWaybills');
    new Function(DRAWN_SCREEN_SCRIPT)();
    expect(document.getElementById(DRAWN_SCREEN_ID)).toBeTruthy();
  });
});

describe('markFields', () => {
  it('makes each marked text a place to fill, its text around the value a pattern, and drops marks in attributes', () => {
    expect(markFields('<a title="§orderNo§" href="/x/§orderNo§">§orderNo§</a>')).toBe(
      '<a title="" href="/x/">' + '<span data-fill="orderNo"></span></a>',
    );
    expect(markFields('<span>§carrierCode§<!-- --> · zone §zone§</span>')).toBe(
      '<span><span data-fill="carrierCode"></span><!-- --><span data-fill="zone" data-pattern=" · zone %s"></span></span>',
    );
    expect(markFields('<span>$§rate§.00</span>')).toBe('<span><span data-fill="rate"></span></span>');
  });
});
