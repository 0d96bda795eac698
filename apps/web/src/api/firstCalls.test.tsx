import {
  FIRST_CALLS_KEY,
  FIRST_CALLS_SCRIPT,
  orderListUrl,
  TOKEN_TAIL_LENGTH,
  USER_INFO_URL,
} from '@parcelport/shared';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { useSessionStore } from '../stores/session';
import { bringFirstAnswers, envelope, on, type StubbedCall, sampleUser, stubFetch } from '../test/helpers';
import { renderApp } from '../test/render';
import { listItem } from '../test/shipmentFixtures';
import { getUserInfo } from './user';

/**
 * Issue 26, first screen: the document starts a signed-in visit's first calls before the app's script runs
 * (packages/shared FIRST_CALLS_SCRIPT, inline in index.html), and the app answers its own first calls with them.
 */

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.clear();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[FIRST_CALLS_KEY];
});

/** The document's script, run as the browser runs it while parsing the page at `path`. */
function documentAt(path: string): void {
  window.history.replaceState({}, '', path);
  new Function(FIRST_CALLS_SCRIPT)();
}

const drafts = [
  listItem({ id: 1, orderNo: 'PP-FIRST', status: 0 }),
  listItem({ id: 2, orderNo: 'PP-SECOND', status: 0 }),
];

function stubServer() {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(ordersContracts.listOrders.app)]: envelope(200, { list: drafts, total: 2, page: 1, pageSize: 50 }),
  });
}

const ok = (data: unknown) => ({ code: 200, message: 'ok', data });

const urls = (calls: StubbedCall[]) => calls.map((call) => call.url);
const userCalls = (calls: StubbedCall[]) => urls(calls).filter((url) => url === '/api/user/info');
const listCalls = (calls: StubbedCall[]) => urls(calls).filter((url) => url.startsWith('/api/app/order/orders'));

describe('the first calls of a signed-in visit', () => {
  it('landing on an order list, the document asks for the user and the rows; the app draws them asking neither again', async () => {
    sessionStorage.setItem('token', 'customer-token');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubServer();
    documentAt('/shipments/draft');
    expect(urls(calls)).toEqual(['/api/user/info', '/api/app/order/orders?status=0&page=1&pageSize=50']);
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer customer-token', 'Accept-Language': 'en-US' });

    renderApp('/shipments/draft');
    expect(await screen.findByTestId('order-row-PP-FIRST')).toBeTruthy();
    expect(screen.getByTestId('order-row-PP-SECOND')).toBeTruthy();
    expect(userCalls(calls)).toHaveLength(1);
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('with a remembered session in a new browser session, the workplace asks for the user once', async () => {
    localStorage.setItem('rememberedToken', 'remembered-token');
    const { calls } = stubServer();
    documentAt('/dashboard/workplace');
    expect(urls(calls)).toEqual(['/api/user/info']);
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer remembered-token', 'Accept-Language': 'zh-CN' });
  });

  it('is taken once: the same call made again goes to the server', async () => {
    sessionStorage.setItem('token', 'customer-token');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubServer();
    documentAt('/dashboard/workplace');
    expect((await getUserInfo()).name).toBe('Ada Buyer');
    expect(userCalls(calls)).toHaveLength(1);
    await getUserInfo();
    expect(userCalls(calls)).toHaveLength(2);
  });

  it('is not taken for another session (the token changed since the document asked)', async () => {
    sessionStorage.setItem('token', 'old-token');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubServer();
    documentAt('/dashboard/workplace');
    sessionStorage.setItem('token', 'new-token');
    await getUserInfo();
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('that failed to reach the server is made again by the app', async () => {
    sessionStorage.setItem('token', 'customer-token');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: [new TypeError('Failed to fetch'), envelope(200, sampleUser())],
    });
    documentAt('/dashboard/workplace');
    expect((await getUserInfo()).name).toBe('Ada Buyer');
    expect(userCalls(calls)).toHaveLength(2);
  });

  it('brought by the document, is answered from there: the screen is drawn with no call made', async () => {
    sessionStorage.setItem('token', 'customer-token-abcdef');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubServer();
    bringFirstAnswers({
      for: 'customer-token-abcdef'.slice(-TOKEN_TAIL_LENGTH),
      locale: 'en-US',
      answers: {
        [USER_INFO_URL]: { status: 200, body: ok(sampleUser()) },
        [orderListUrl(0)]: { status: 200, body: ok({ list: drafts, total: 2, page: 1, pageSize: 50 }) },
      },
    });
    documentAt('/shipments/draft');
    renderApp('/shipments/draft');
    expect(await screen.findByTestId('order-row-PP-FIRST')).toBeTruthy();
    expect(userCalls(calls)).toEqual([]);
    expect(listCalls(calls)).toEqual([]);
  });

  it("brought for another tab's session or another language, is not taken: the calls are made", () => {
    sessionStorage.setItem('token', 'customer-token-abcdef');
    localStorage.setItem('locale', 'en-US');
    const { calls } = stubServer();
    const answers = { [USER_INFO_URL]: { status: 200, body: ok(sampleUser()) } };
    bringFirstAnswers({ for: 'other-token-xyz'.slice(-TOKEN_TAIL_LENGTH), locale: 'en-US', answers });
    documentAt('/dashboard/workplace');
    bringFirstAnswers({ for: 'customer-token-abcdef'.slice(-TOKEN_TAIL_LENGTH), locale: 'zh-CN', answers });
    documentAt('/dashboard/workplace');
    expect(userCalls(calls)).toHaveLength(2);
  });

  it('starts nothing signed out, nor on the sign-in, public or filtered pages beyond the user', () => {
    const { calls } = stubServer();
    documentAt('/shipments/allWaybills');
    expect(calls).toEqual([]);
    sessionStorage.setItem('token', 'customer-token');
    for (const path of ['/login', '/home', '/', '/helpCenter', '/registerForm']) documentAt(path);
    expect(calls).toEqual([]);
    documentAt('/shipments/allWaybills?batchNo=B-1');
    expect(urls(calls)).toEqual(['/api/user/info']);
  });
});
