import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as authContracts from '@parcelport/shared/contracts/auth/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n';
import { useAppStore } from '../stores/app';
import { useSessionStore } from '../stores/session';
import { envelope, on, sampleUser, shownMessages, stubFetch } from '../test/helpers';
import { setNavigator } from '../utils/navigation';
import { STORAGE_KEYS } from '../utils/storage';
import { ApiError, download, http, request } from './request';
import type { UserInfo } from './types';

async function waitForMessage(text: string) {
  await waitFor(() => expect(shownMessages().join('|')).toContain(text));
}

/** The duration (seconds) antd was asked to show the message with the given text for. */
type OpenSpy = { mock: { calls: unknown[][] } };
type Opened = { type?: string; duration?: number; content?: { props?: { children?: unknown } } };

function durationOf(spy: OpenSpy, text: string): number | undefined {
  const call = spy.mock.calls.find((args) => (args[0] as Opened).content?.props?.children === text);
  return (call?.[0] as Opened | undefined)?.duration;
}

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

beforeEach(() => {
  message.destroy();
  window.history.replaceState({}, '', '/');
  setNavigator((to) => window.history.pushState({}, '', to));
});

describe('request headers', () => {
  it('sends the stored token, the locale, JSON and the per-call switches', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const { calls } = stubFetch({ 'POST /api/user/thing': envelope(200, { ok: true }) });
    const data = await http.post('/user/thing', { a: 1 }, { isHideMsg: true, duration: 4000 });
    expect(data).toEqual({ ok: true });
    const [call] = calls;
    expect(call?.url).toBe('/api/user/thing');
    expect(call?.headers.Authorization).toBe('Bearer tok-1');
    expect(call?.headers['Accept-Language']).toBe('en-US');
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.headers.isHideMsg).toBe('true');
    expect(call?.headers.duration).toBe('4000');
    expect(call?.body).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token, and query params without empty values', async () => {
    const { calls } = stubFetch({ [on(adminUsersContracts.listUsers.admin)]: envelope(200, []) });
    await http.get('/admin/list', { page: 1, keyword: '', status: undefined });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.url).toBe('/api/admin/list?page=1');
  });
});

describe('envelope errors (docs/spec.md §8)', () => {
  it('rejects a code other than 200 and shows the body message for 3 seconds', async () => {
    const spy = vi.spyOn(message, 'open');
    stubFetch({ 'POST /api/x': envelope(422, null, 'Insufficient funds') });
    await expect(http.post('/x', {})).rejects.toMatchObject({ code: 422, message: 'Insufficient funds' });
    await waitForMessage('Insufficient funds');
    expect(durationOf(spy, 'Insufficient funds')).toBe(3);
  });

  it("shows 'Request Error' when the body has no message, for the custom duration", async () => {
    const spy = vi.spyOn(message, 'open');
    stubFetch({ 'GET /api/x': envelope(409, null, '') });
    await expect(http.get('/x', undefined, { duration: 7000 })).rejects.toBeInstanceOf(ApiError);
    await waitForMessage('Request Error');
    expect(durationOf(spy, 'Request Error')).toBe(7);
  });

  it('treats an HTTP 200 answer with an error code as an error', async () => {
    stubFetch({
      'GET /api/x': new Response(JSON.stringify({ code: 500, message: 'Boom', data: null }), { status: 200 }),
    });
    await expect(http.get('/x')).rejects.toMatchObject({ code: 500 });
    await waitForMessage('Boom');
  });

  it('shows nothing when isHideMsg is set', async () => {
    const spy = vi.spyOn(message, 'open');
    stubFetch({ 'GET /api/x': envelope(403, null, 'Forbidden here') });
    await expect(http.get('/x', undefined, { isHideMsg: true })).rejects.toMatchObject({ code: 403 });
    // The client opens its message before it rejects, so by now it would have been asked to.
    expect(spy).not.toHaveBeenCalled();
    expect(shownMessages().join('|')).not.toContain('Forbidden here');
  });

  it('exposes the failing fields of a 400 answer', async () => {
    stubFetch({
      [on(usersContracts.register)]: envelope(400, { fields: { email: 'Taken', 'body.phone': 'Required' } }),
    });
    const error = await http.post('/user/register', {}).catch((e: unknown) => e);
    expect((error as ApiError).fields).toEqual({ email: 'Taken', phone: 'Required' });
  });
});

describe('401', () => {
  it('logs out (everything of docs/spec.md §4), shows why and goes to /login keeping the route', async () => {
    window.history.replaceState({}, '', '/adminSettings/userManagement?x=1');
    sessionStorage.setItem('token', 'tok-1');
    localStorage.setItem(STORAGE_KEYS.rememberedToken, 'tok-1');
    localStorage.setItem(STORAGE_KEYS.actingAs, '1');
    localStorage.setItem(STORAGE_KEYS.authorTokens, '{"shop":"abc"}');
    localStorage.setItem(STORAGE_KEYS.serverMenu, '[]');
    useSessionStore.setState({ userInfo: sampleUser() as unknown as UserInfo });
    useAppStore.setState({ serverMenu: [] });
    stubFetch({ [on(usersContracts.getUserInfo)]: envelope(401, null, 'Your session has ended') });

    await expect(http.get('/user/info')).rejects.toMatchObject({ code: 401 });
    await waitForMessage('Your session has ended');
    expect(sessionStorage.getItem('token')).toBeNull();
    for (const key of ['rememberedToken', 'actingAs', 'authorTokens', 'serverMenu']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(useSessionStore.getState().userInfo).toBeNull();
    expect(useAppStore.getState().serverMenu).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/adminSettings/userManagement?x=1');
  });

  it('leaves a public page where it is (an acting-as window handed an expired token shows its own outcome)', async () => {
    window.history.replaceState({}, '', '/config');
    sessionStorage.setItem('token', 'expired');
    stubFetch({ [on(usersContracts.getUserInfo)]: envelope(401, null, 'Your session has ended') });
    await expect(http.get('/user/info', undefined, { isHideMsg: true })).rejects.toMatchObject({ code: 401 });
    expect(window.location.pathname).toBe('/config');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('stays on /login (wrong password) and shows the message', async () => {
    window.history.replaceState({}, '', '/login');
    stubFetch({ [on(authContracts.login)]: envelope(401, null, 'Incorrect username or password') });
    await expect(http.post('/admin/login', { encryptData: 'x' })).rejects.toMatchObject({ code: 401 });
    await waitForMessage('Incorrect username or password');
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
  });
});

describe('downloads', () => {
  it('return the raw response without the envelope check', async () => {
    const spy = vi.spyOn(message, 'open');
    const raw = new Response(JSON.stringify({ code: 500, message: 'not an envelope check' }), { status: 200 });
    const { calls } = stubFetch({ [on(ordersContracts.downloadLabel.app)]: raw });
    const response = await download('/app/order/label/down', { params: { id: 3 } });
    expect(response).toBeInstanceOf(Response);
    expect(await response.json()).toEqual({ code: 500, message: 'not an envelope check' });
    expect(calls[0]?.headers.isDownLoadFile).toBe('true');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('isRetry', () => {
  it("retries 503 up to success, showing 'retrying, attempt N'", async () => {
    const { fetchMock } = stubFetch({
      'GET /api/x': [envelope(503), envelope(503), envelope(200, 'done')],
    });
    await expect(http.get('/x', undefined, { isRetry: true })).resolves.toBe('done');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await waitForMessage('retrying, attempt 2');
  });

  it('gives up after 3 retries with an error message for 5 seconds', async () => {
    const spy = vi.spyOn(message, 'open');
    const { fetchMock } = stubFetch({ 'GET /api/x': envelope(500, null, 'Server exploded') });
    await expect(http.get('/x', undefined, { isRetry: true })).rejects.toMatchObject({ code: 500, transport: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(spy.mock.calls.filter((args) => (args[0] as Opened).type === 'info')).toHaveLength(3);
    await waitForMessage('Server exploded');
    expect(durationOf(spy, 'Server exploded')).toBe(5);
  });

  it('retries transport failures and 404, but not other statuses', async () => {
    const failing = stubFetch({ 'GET /api/x': [new TypeError('Failed to fetch'), envelope(404), envelope(200, 1)] });
    await expect(http.get('/x', undefined, { isRetry: true })).resolves.toBe(1);
    expect(failing.fetchMock).toHaveBeenCalledTimes(3);

    const bad = stubFetch({ 'GET /api/y': envelope(400, null, 'Bad input') });
    await expect(http.get('/y', undefined, { isRetry: true })).rejects.toMatchObject({ code: 400 });
    expect(bad.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('transport errors without isRetry', () => {
  it('show an error message for 5 seconds and reject', async () => {
    const spy = vi.spyOn(message, 'open');
    const { fetchMock } = stubFetch({ 'GET /api/x': new TypeError('Failed to fetch') });
    await expect(request('/x')).rejects.toMatchObject({ code: 0, transport: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const text = 'Network error: the server could not be reached';
    await waitForMessage(text);
    expect(durationOf(spy, text)).toBe(5);
  });

  it('treat a non-JSON error page as a transport error', async () => {
    stubFetch({ 'GET /api/x': new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(request('/x')).rejects.toMatchObject({ code: 502, transport: true });
    await waitForMessage('Request Error (HTTP 502)');
  });
});

describe('token header', () => {
  it('replaces the stored token when it differs', async () => {
    sessionStorage.setItem('token', 'old');
    stubFetch({ 'GET /api/x': envelope(200, null, '', { headers: { token: 'new' } }) });
    await http.get('/x');
    expect(sessionStorage.getItem('token')).toBe('new');
  });

  it("keeps a remembered session's copy in step, but never another tab's", async () => {
    sessionStorage.setItem('token', 'mine');
    localStorage.setItem(STORAGE_KEYS.rememberedToken, 'mine');
    stubFetch({ 'GET /api/x': envelope(200, null, '', { headers: { token: 'renewed' } }) });
    await http.get('/x');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedToken)).toBe('renewed');

    sessionStorage.setItem('token', 'acting-tab');
    stubFetch({ 'GET /api/x': envelope(200, null, '', { headers: { token: 'acting-renewed' } }) });
    await http.get('/x');
    expect(sessionStorage.getItem('token')).toBe('acting-renewed');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedToken)).toBe('renewed');
  });

  it('applies the token header of error answers too', async () => {
    sessionStorage.setItem('token', 'old');
    stubFetch({ 'GET /api/x': envelope(422, null, 'Nope', { headers: { token: 'fresh' } }) });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStorage.getItem('token')).toBe('fresh');
  });
});
