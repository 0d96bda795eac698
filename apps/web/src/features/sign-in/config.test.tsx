import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, on, sampleUser, stubFetch } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';

const acted = sampleUser({ actingAs: { actorId: 1, actorUsername: 'admin@example.com' } });

/** The staff member's window that opened this one. */
let opener: { postMessage: ReturnType<typeof vi.fn> };

function handOver(token: string, { source = opener as unknown, origin = window.location.origin } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'parcelport:acting-as-token', token },
      origin,
      source: source as Window,
    }),
  );
}

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
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
});
afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

describe('the acting-as window (/config)', () => {
  it('asks its opener for the token, keeps it for this tab only and says who acts for whom', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, acted),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const { router } = renderApp('/config');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith({ type: 'parcelport:acting-as-ready' }, window.location.origin),
    );
    // A message from another origin or another window is not a handover.
    handOver('forged', { origin: 'https://elsewhere.example' });
    handOver('forged', { source: { postMessage: vi.fn() } });
    expect(sessionStorage.getItem('token')).toBeNull();

    handOver('acting-token');
    expect((await screen.findByTestId('config-acting-as')).textContent).toBe(
      'admin@example.com is acting as Ada Buyer (buyer@example.com)',
    );
    expect(sessionStorage.getItem('token')).toBe('acting-token');
    expect(localStorage.getItem('rememberedToken')).toBeNull();
    expect(localStorage.getItem('actingAs')).toBe('1');
    expect(calls.find((call) => call.url.startsWith('/api/user/info'))?.headers.Authorization).toBe(
      'Bearer acting-token',
    );
    expect(pathOf(router)).toBe('/config');
  });

  it('opened by itself, or with a token in its URL, says the handover failed and signs nobody in', async () => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    const { calls } = stubFetch({ [on(usersContracts.getUserInfo)]: envelope(200, acted) });
    renderApp('/config?token=from-the-url');
    expect((await screen.findByTestId('config-invalid')).textContent).toContain(
      'No account was handed to this window, or its session has expired',
    );
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('actingAs')).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/api/user/info'))).toHaveLength(0);
  });

  it('a handed token the server refuses says so and is not kept', async () => {
    stubFetch({ [on(usersContracts.getUserInfo)]: envelope(401, null, 'expired') });
    renderApp('/config');
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    handOver('expired-token');
    await screen.findByTestId('config-invalid');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
