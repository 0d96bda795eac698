import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { startUserInfo, useSessionStore } from '../stores/session';
import { envelope, on, sampleUser, stubFetch } from '../test/helpers';
import { expectOutline } from '../test/outline';
import { renderApp, pathOf as where } from '../test/render';
import { screensOf } from './guard';
import { preloadScreen, SCREENS } from './routes';

const renderAt = (path: string) => renderApp(path).router;

/**
 * On a slow device the user-info call started in main.tsx can answer after the guard has drawn its wait (no user
 * yet) and before the guard's effect runs: a layout effect after the guard's commit plays that answer.
 */
function StartedCallAnswers() {
  useLayoutEffect(() => useSessionStore.setState({ userInfo: { ...sampleUser(), member: null, mode: null } }), []);
  return null;
}

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
});

describe('route table', () => {
  it('has a screen component for every screen of the shared table', () => {
    for (const item of screensOf()) expect(SCREENS[item.name], item.name).toBeDefined();
  });
});

describe('routing with the guard', () => {
  it('sends an unauthenticated visit to the login page with a redirect query', async () => {
    stubFetch({});
    const router = renderAt('/adminSettings/userManagement');
    await screen.findByTestId('login-form');
    expect(where(router)).toBe('/login?redirect=%2FadminSettings%2FuserManagement');
  });

  it('redirects / and /register to the login page', async () => {
    stubFetch({});
    const router = renderAt('/register');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logs out and keeps the redirect when user info cannot be fetched', async () => {
    sessionStorage.setItem('token', 'stale');
    stubFetch({ [on(usersContracts.getUserInfo)]: envelope(500, null, 'Database down') });
    const router = renderAt('/settings/account');
    await screen.findByTestId('login-form');
    expect(where(router)).toBe('/login?redirect=%2Fsettings%2Faccount');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('sends a customer away from an admin screen to the first permitted route', async () => {
    sessionStorage.setItem('token', 'tok');
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const router = renderAt('/adminSettings/userManagement');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workplace'));
    expect(await screen.findByTestId('workplace-greeting')).toHaveProperty(
      'textContent',
      expect.stringContaining('Ada Buyer'),
    );
    expect(screen.queryByTestId('menu-item-adminSettings')).toBeNull();
    expect(screen.getByTestId('menu-item-dashboard')).toBeTruthy();
  });

  it('a signed-in visit whose details were asked for before the app was drawn shows its screen with one call', async () => {
    sessionStorage.setItem('token', 'tok');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    await preloadScreen('/dashboard/workplace');
    startUserInfo();
    renderAt('/dashboard/workplace');
    expect(await screen.findByTestId('workplace-greeting')).toHaveProperty(
      'textContent',
      expect.stringContaining('Ada Buyer'),
    );
    expect(calls.filter((call) => call.url.endsWith('/api/user/info'))).toHaveLength(1);
  });

  it('asks for no details again when the call started before the app answered between the guard drawing its wait and its effect', async () => {
    sessionStorage.setItem('token', 'tok');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    renderApp('/dashboard/workplace', { beside: <StartedCallAnswers /> });
    expect(await screen.findByTestId('workplace-greeting')).toHaveProperty(
      'textContent',
      expect.stringContaining('Ada Buyer'),
    );
    expect(calls.filter((call) => call.url.endsWith('/api/user/info'))).toHaveLength(0);
  });

  it("asks for the next user's details once the session whose details were asked for at the start has ended", async () => {
    sessionStorage.setItem('token', 'tok');
    stubFetch({
      [on(usersContracts.getUserInfo)]: [envelope(200, sampleUser()), envelope(200, sampleUser({ name: 'Bo Next' }))],
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    startUserInfo();
    await waitFor(() => expect(useSessionStore.getState().userInfo).not.toBeNull());
    useSessionStore.setState({ userInfo: null });
    renderAt('/dashboard/workplace');
    expect(await screen.findByTestId('workplace-greeting')).toHaveProperty(
      'textContent',
      expect.stringContaining('Bo Next'),
    );
  });

  it('shows not-found for an unknown address', async () => {
    stubFetch({});
    renderAt('/no/such/screen');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    // Its own main landmark and h1, outside the signed-in layout (axe: landmark-one-main, page-has-heading-one).
    expectOutline('404');
  });

  it('opens a group path on its first permitted screen', async () => {
    sessionStorage.setItem('token', 'tok');
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const router = renderAt('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'));
  });
});
