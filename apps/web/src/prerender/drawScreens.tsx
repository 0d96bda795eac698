import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { HomeOutlined } from '@ant-design/icons';
import {
  DRAWN_FIELD,
  DRAWN_SCREEN_ID,
  DRAWN_SCREENS,
  type DrawnScreenKind,
  LOCALES,
  type Locale,
  MENU_WIDTH,
  ORDER_STATUSES,
  ROUTE_TABLE,
  THEMES,
  type Theme,
} from '@parcelport/shared';
import type { QueryClient } from '@tanstack/react-query';
import { Breadcrumb, Card, Layout, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../AppProviders';
import type { OrderListItem } from '../api/orders';
import type { UserInfo } from '../api/types';
import { SectionTitle } from '../components/SectionTitle';
import { OrderListScreen } from '../features/orders';
import { changeLocale, currentLocale, t } from '../i18n';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';

/** A signed-in first screen drawn in one language and theme: its markup, without the styles. */
export interface ScreenDrawing {
  kind: DrawnScreenKind;
  locale: Locale;
  theme: Theme;
  markup: string;
}

/** Where a value of the first calls' answers goes in the drawing: `§name§`, made a filled span (below). */
const mark = (name: string) => `§${name}§`;
const MARK = /§(\w+)§/g;

/** The creation and label times the drawn rows are rendered with, found as text in the markup and marked. */
const CREATED = { at: '2001-02-03T04:05:00', shown: '2001-02-03 04:05' };
const LABELLED = { at: '2001-02-03T06:07:00', shown: '02-03 06:07' };

/**
 * The markup's values made places the document's script fills (packages/shared DRAWN_SCREEN_SCRIPT): a text
 * between tags holding one mark becomes an empty span named by the mark, the text around the mark its pattern
 * (`%s` for the value; the span is left out when there is no value); a mark in an attribute (a title, a test
 * id, a link) is taken out. Money is drawn by the script whole, so its parts are one mark first.
 */
export function markFields(markup: string): string {
  return (
    markup
      // Money's text (components/Money.tsx `formatMoney`) around the mark: the script draws the amount whole.
      .replace(/\$§rate§\.00/g, mark('rate'))
      .split(/(<[^>]*>)/)
      .map((part) => {
        if (part.startsWith('<')) return part.replace(MARK, '');
        const names = [...part.matchAll(MARK)].map((match) => match[1] as string);
        if (names.length === 0) return part;
        if (names.length > 1) throw new Error(`more than one value in one text of the drawing: ${part}`);
        const pattern = part.replace(MARK, '%s');
        const attributes = pattern === '%s' ? '' : ` data-pattern="${pattern.replaceAll('"', '&quot;')}"`;
        return `<span ${DRAWN_FIELD}="${names[0]}"${attributes}></span>`;
      })
      .join('')
  );
}

/** The order drawn for `status`, with a tracking number and label time (`labelled`) or without. */
function drawnOrder(status: number, labelled: boolean): OrderListItem {
  const id = status * 2 + (labelled ? 1 : 0) + 1;
  return {
    id,
    orderId: id,
    orderNo: mark('orderNo'),
    tackNo: labelled ? mark('tackNo') : null,
    batchNo: null,
    status,
    channelId: null,
    serviceId: null,
    serviceName: mark('serviceName'),
    carrierCode: mark('carrierCode'),
    serviceCode: null,
    rate: mark('rate'),
    insuranceFee: '0',
    insurance: '0',
    earnest: '0',
    zone: mark('zone') as unknown as number,
    toPersonName: mark('toPersonName'),
    toZipCode: mark('toZipCode'),
    toAddress: mark('toAddress'),
    fromPersonName: '',
    fromZipCode: '',
    fromAddress: '',
    reference1: '',
    reference2: '',
    remark: '',
    auditInfo: '',
    failReason: '',
    addressStatus: 0,
    addressNote: '',
    isTest: false,
    kind: 'label',
    labelSize: '4x6',
    createdAt: CREATED.at,
    createdTime: labelled ? LABELLED.at : null,
    shipDate: null,
    billedCost: null,
    billedAt: null,
    earnestReleasedAt: null,
    refundedAt: null,
    tags: [],
  } as unknown as OrderListItem;
}

/** The screen's place in the route table: its area's and its own names (the breadcrumb's). */
function namesOf(path: string): string[] {
  const [, area, screen] = path.split('/');
  const top = ROUTE_TABLE.find((route) => route.path === `/${area}`);
  const child = top?.children?.find((route) => route.path === screen);
  if (!top || !child) throw new Error(`no route ${path} in the route table`);
  return [top.locale, child.locale];
}

/** The signed-in layout's frame (AppLayout): navbar, side menu (its items come with the app), breadcrumb. */
function Frame({ path, children }: { path: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <div data-drawn="navbar">
        <header
          className="pp-navbar"
          style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <div className="pp-logo">
            <img src="/logo.svg" alt="" width={28} height={28} />
            <span>{t('app.name')}</span>
          </div>
          <div style={{ flex: 1 }} />
        </header>
      </div>
      <Layout>
        <Layout.Sider
          theme="light"
          width={MENU_WIDTH}
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          data-drawn="menu"
        />
        <Layout>
          <Layout.Content className="pp-content">
            <Breadcrumb
              style={{ marginBottom: 16 }}
              items={[
                { key: 'home', title: <HomeOutlined /> },
                ...namesOf(path).map((key) => ({ key, title: t(key) })),
              ]}
            />
            {children}
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}

/** The workplace's first content (features/dashboard Workplace): the greeting and the account's line. */
function WorkplaceGreeting() {
  const greetings = Object.fromEntries(
    (['morning', 'afternoon', 'evening'] as const).map((part) => [
      `data-${part}`,
      t(`workplace.${part}`, { name: '%s' }),
    ]),
  );
  return (
    <Card style={{ marginBottom: 16 }}>
      <SectionTitle look={4} style={{ margin: 0 }} data-testid="workplace-greeting">
        <span data-greeting="" {...greetings} />
      </SectionTitle>
      {/* Both lines drawn; the script keeps the one for the reader's kind of account, as the workplace does. */}
      <div data-account-line="customer">
        <AccountLine text={t('workplace.account', { account: mark('accountId'), company: mark('company') })} />
      </div>
      <div data-account-line="staff">
        <AccountLine text={t('workplace.staffAccount', { account: mark('staffAccount') })} />
      </div>
    </Card>
  );
}

function AccountLine({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary">
      {text.split(/(§\w+§)/).map((part) => (
        // each value a text of its own, so that each is marked alone
        <span key={part}>{part}</span>
      ))}
    </Typography.Text>
  );
}

/** A table row of one order. */
const ROW = /<tr [^>]*data-row-key="\d+"[^>]*>.*?<\/tr>/gs;

/** The table rows of `markup` (one per order). */
function rowsOf(markup: string): string[] {
  return [...markup.matchAll(ROW)].map((match) => match[0]);
}

/** The order list's rows as the script finds them: each with its status and whether it shows a label. */
function withRowKeys(row: string): string {
  const key = Number(/data-row-key="(\d+)"/.exec(row)?.[1]) - 1;
  return row
    .replace(/ data-row-key="\d+"/, ` data-labelled="${key % 2}"`)
    .replace(/ data-testid="order-row-[^"]*"/, '');
}

/** Renders `element` for the drawing, the order list's answer in the query cache. */
function render(element: ReactNode, queryClient: QueryClient, cache: ReturnType<typeof createCache>, theme: string) {
  return renderToString(
    <StyleProvider cache={cache}>
      <AppProviders queryClient={queryClient}>{element}</AppProviders>
    </StyleProvider>,
    { identifierPrefix: `${theme}-` },
  );
}

/** The order list's query keys (features/orders OrderList): its answer, whatever the page's filters. */
const FIRST_PAGE = ['orders', 'list'];

/**
 * The orders' count the list is drawn with, made a place for the answer's total wherever the screen writes it
 * (its toolbar's "all N", the pagination's total): a number found in no other text of the screen, and under a
 * page, so that the pagination is drawn as one page.
 */
const DRAWN_TOTAL = 37;

/** The drawn total as a whole number within a text. */
const DRAWN_TOTAL_TEXT = new RegExp(`\\b${DRAWN_TOTAL}\\b`);

/** `markup` with the drawn total's texts marked for the answer's total (texts only, never an attribute). */
const markTotal = (markup: string) =>
  markup.replace(/>([^<]+)</g, (_all, text: string) => `>${text.replace(DRAWN_TOTAL_TEXT, mark('total'))}<`);

/** The order list in one language and theme: the screen with a row for each status, labelled or not. */
function drawOrders(cache: ReturnType<typeof createCache>, theme: string, path: string): string {
  const orders = ORDER_STATUSES.flatMap((status) => [drawnOrder(status, false), drawnOrder(status, true)]);
  // The screen draws its first rows alone (OrderTable useFirstRowsFirst): ten at a time.
  const pages: OrderListItem[][] = [];
  for (let at = 0; at < orders.length; at += 10) pages.push(orders.slice(at, at + 10));
  const drawings = pages.map((list) => {
    const queryClient = createQueryClient();
    // Fresh for good: a query that would fetch on mount renders as fetching, the rows faded under a spinner,
    // where the drawing shows them filled from the answer itself.
    queryClient.setQueryDefaults(FIRST_PAGE, { initialData: { list, total: DRAWN_TOTAL }, staleTime: Infinity });
    return render(
      <MemoryRouter initialEntries={[path]}>
        <Frame path={path}>
          <OrderListScreen routeName="allWaybills" title={t('menu.shipments.allWaybills')} />
        </Frame>
      </MemoryRouter>,
      queryClient,
      cache,
      theme,
    );
  });
  const [first = ''] = drawings;
  const rows = drawings.flatMap(rowsOf).map(withRowKeys).join('');
  // every row in the first drawing's table, none shown until the script makes one per order
  const tbody = /(<tbody[^>]*>).*?(<\/tbody>)/s;
  if (!tbody.test(first)) throw new Error('the drawn order list has no table body');
  return markTotal(first)
    .replace(
      tbody,
      (all, open: string, close: string) =>
        `${open}${all.slice(open.length, -close.length).replace(ROW, '')}${rows}${close}`,
    )
    .replaceAll(CREATED.shown, mark('createdAt'))
    .replaceAll(LABELLED.shown, mark('createdTime'));
}

/** The workplace in one language and theme. */
function drawWorkplace(cache: ReturnType<typeof createCache>, theme: string, path: string): string {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Frame path={path}>
        <WorkplaceGreeting />
      </Frame>
    </MemoryRouter>,
    createQueryClient(),
    cache,
    theme,
  );
}

/** Test ids the drawing keeps: what the bench's probe waits for, which the app draws in the same commit. */
const KEPT_TEST_IDS = new Set(['workplace-greeting']);

/**
 * The drawing without the app's element ids and test ids (but KEPT_TEST_IDS): until its rows come, the live
 * order list is drawn under the drawing, and nothing may find an element twice. Nor the preload of the logo
 * React puts ahead of the markup, meant for a document's head (the favicon link fetches that file already).
 */
function unnamed(markup: string): string {
  return markup
    .replace(/^<link rel="preload"[^>]*>/, '')
    .replace(/ (data-testid|id)="([^"]*)"/g, (attribute, _name, value: string) =>
      KEPT_TEST_IDS.has(value) ? attribute : '',
    );
}

/**
 * The signed-in first screens (packages/shared DRAWN_SCREENS) as the app draws them for someone signed in, in
 * each language and theme: the layout's frame and the screen's first content with the app's own components
 * and providers, each value of the first calls' answers a place the document's script fills; and antd's styles
 * for all of them (as drawSignInPage). The drawing's content is inert, under a cover that takes clicks.
 */
export async function drawScreens(): Promise<{ drawings: ScreenDrawing[]; styles: string }> {
  const cache = createCache();
  const drawings: ScreenDrawing[] = [];
  const settings = useSettingsStore.getInitialState();
  const session = useSessionStore.getInitialState();
  const { theme: themeBefore } = settings;
  const { userInfo: userBefore } = session;
  const localeBefore = currentLocale();
  try {
    session.userInfo = { roleCodes: [], wallets: [], role: [], resources: [], member: null } as unknown as UserInfo;
    for (const theme of THEMES) {
      settings.theme = theme;
      for (const locale of LOCALES) {
        await changeLocale(locale);
        for (const { kind, path } of DRAWN_SCREENS) {
          const drawn = kind === 'orders' ? drawOrders(cache, theme, path) : drawWorkplace(cache, theme, path);
          const markup = `<div id="${DRAWN_SCREEN_ID}" class="pp-drawn-screen" data-path="${path}"><div inert="">${markFields(unnamed(drawn))}</div></div>`;
          drawings.push({ kind, locale, theme, markup });
        }
      }
    }
  } finally {
    settings.theme = themeBefore;
    session.userInfo = userBefore;
    await changeLocale(localeBefore);
  }
  return { drawings, styles: extractStyle(cache, { plain: true }) };
}
