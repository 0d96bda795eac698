import { FIRST_ANSWERS_ID, type FirstAnswers } from '@parcelport/shared';
import { type Contract, pathOf } from '@parcelport/shared/contracts/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { API_BASE } from '../api/request';
import { changeLocale } from '../i18n';
import { useSessionStore } from '../stores/session';

export interface StubbedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Error | ((call: StubbedCall) => Response | Error);

/**
 * The first answers a document brought (the server's, made with the session cookie: packages/shared
 * first-calls.ts), as the data block in its head that the document's script reads.
 */
export function bringFirstAnswers(answers: FirstAnswers): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ID;
  block.textContent = JSON.stringify(answers);
  document.head.appendChild(block);
}

/** A JSON envelope response. */
export function envelope(code: number, data: unknown = null, message = '', init: ResponseInit = {}): Response {
  return new Response(JSON.stringify({ code, message, data }), {
    status: init.status ?? (code === 200 ? 200 : code),
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

/**
 * Stubs global fetch (the boundary of the app). Routes map "METHOD /api/path" (query ignored) to replies;
 * an array answers successive calls with successive replies, the last one repeating.
 */
export function stubFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: StubbedCall[] = [];
  const counters = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url, method, headers, body };
    calls.push(call);
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) return envelope(404, null, `no stub for ${key}`);
    const index = counters.get(key) ?? 0;
    counters.set(key, index + 1);
    const reply = Array.isArray(route) ? route[Math.min(index, route.length - 1)] : route;
    const value = typeof reply === 'function' ? reply(call) : reply;
    if (value instanceof Error) throw value;
    return value?.clone() ?? envelope(500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The text of every antd message currently shown. */
export function shownMessages(): string[] {
  return Array.from(document.querySelectorAll('.ant-message-notice')).map((node) => node.textContent ?? '');
}

export const sampleUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'buyer@example.com',
  email: 'buyer@example.com',
  name: 'Ada Buyer',
  nickName: '',
  realName: '',
  firstName: 'Ada',
  lastName: 'Buyer',
  company: 'Acme',
  phone: '555',
  wechat: '',
  invitationCode: null,
  avatar: '',
  accountId: 'C0000007',
  certification: 0,
  memberType: -1,
  kind: 'customer',
  status: 1,
  registrationDate: '2026-01-01T00:00:00.000Z',
  role: ['rechargePage', 'appSysMessageList'],
  roles: [1],
  roleCodes: ['customer'],
  resources: [{ code: 'rechargePage' }, { code: 'appSysMessageList' }],
  balance: '12.30',
  earnestBalance: '1.00',
  depositBalance: '2.00',
  refundAmount: '0.50',
  creditLimit: '100.00',
  wallets: [
    {
      currency: 'USD',
      balance: '12.30',
      earnestBalance: '1.00',
      depositBalance: '2.00',
      refundAmount: '0.50',
      creditLimit: '100.00',
    },
    {
      currency: 'CNY',
      balance: '88.00',
      earnestBalance: '0.00',
      depositBalance: '0.00',
      refundAmount: '0.00',
      creditLimit: '0.00',
    },
  ],
  exchangeRate: '7.10',
  actingAs: null,
  ...overrides,
});

/** The stubbed calls of one method and path (query ignored). */
export const callsTo = (calls: StubbedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.split('?')[0] === path);

/** The URL an operation is called at, the path's parameters filled in (no query). */
export const urlOf = (contract: Contract, params?: Record<string, string | number>) =>
  `${API_BASE}${pathOf(contract, params)}`;

/**
 * The stubFetch key of an operation (`[on(listAddresses)]: reply`), so that a stub follows the contract the
 * app calls through, and a path renamed in the contract cannot leave a test stubbing the old one.
 */
export const on = (contract: Contract, params?: Record<string, string | number>) =>
  `${contract.method} ${urlOf(contract, params)}`;

/** The stubbed calls of one operation (query ignored). */
export const callsOf = (calls: StubbedCall[], contract: Contract, params?: Record<string, string | number>) =>
  callsTo(calls, contract.method, urlOf(contract, params));

/** The input with that test id. */
export const inputOf = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

/** Types a value into the input with that test id and leaves it, as a user would. */
export function typeInto(testId: string, value: string): void {
  fireEvent.change(inputOf(testId), { target: { value } });
  fireEvent.blur(inputOf(testId));
}

/** Picks the option showing `text` in the antd Select with that test id. */
export async function choose(selectTestId: string, text: string) {
  const select = screen.getByTestId(selectTestId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const options = await screen.findAllByText(text);
  const inList = options.map((node) => node.closest('.ant-select-item-option')).filter(Boolean);
  fireEvent.click((inList.at(-1) ?? options[0]) as HTMLElement);
}

/** Picks the option of an antd Select (by its test id) whose text is exactly `label`. */
export async function chooseOption(selectTestId: string, label: string) {
  const select = screen.getByTestId(selectTestId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (node) => node.textContent === label,
    );
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

/**
 * The file's tests in English (the app starts in zh-CN, and is put back), each starting with no user
 * loaded and `token` stored, as right after a sign-in: the app then asks who it is.
 */
export function inEnglishWithToken(token: string): void {
  beforeAll(async () => {
    await changeLocale('en-US');
  });
  afterAll(async () => {
    await changeLocale('zh-CN');
  });
  beforeEach(() => {
    useSessionStore.setState({ userInfo: null });
    sessionStorage.setItem('token', token);
  });
}

/**
 * A list's Test data switch (features/orders/TestData.tsx, issue 31) as it first shows: off, named, no banner
 * over the list; answered to be clicked.
 */
export function testDataSwitch(prefix: string): HTMLElement {
  expect(screen.queryByTestId(`${prefix}-test-banner`)).toBeNull();
  const toggle = screen.getByTestId(`${prefix}-test-data`);
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  expect(screen.getByRole('switch', { name: 'Test data' })).toBe(toggle);
  return toggle;
}

/**
 * Makes the window `width` px wide as the app reads it (`window.innerWidth`, which jsdom fixes at 1024): a phone's
 * 390 for the screens that draw otherwise on one. The app reads it when a screen starts and on a resize.
 */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
