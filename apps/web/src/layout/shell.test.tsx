import * as authContracts from '@parcelport/shared/contracts/auth/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as sysContracts from '@parcelport/shared/contracts/sys-messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n';
import { useAppStore } from '../stores/app';
import { useSessionStore } from '../stores/session';
import { useSettingsStore } from '../stores/settings';
import { callsOf, envelope, on, sampleUser, stubFetch } from '../test/helpers';
import { renderApp } from '../test/render';
import { browser } from '../utils/navigation';
import { STORAGE_KEYS } from '../utils/storage';

const messages = [
  { id: 1, type: 'message', title: 'Top-up approved', content: '$100', status: 0, time: '2026-01-02T03:04:05Z' },
  { id: 2, type: 'notice', title: 'Maintenance', content: 'Sunday', status: 0, time: '2026-01-02T03:04:05Z' },
  { id: 3, type: 'todo', title: 'Old todo', content: 'done', status: 1, time: '2026-01-01T03:04:05Z' },
];

function signedIn(user = sampleUser(), extra: Parameters<typeof stubFetch>[0] = {}) {
  sessionStorage.setItem('token', 'tok');
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, user),
    [on(messagesContracts.listMessages)]: envelope(200, messages),
    ...extra,
  });
}

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  useAppStore.setState({ serverMenu: null, tabs: [], settingsOpen: false });
  useSettingsStore.getState().reset();
});

describe('shell', () => {
  it('opens settings from the navbar; the floating button shows only when the navbar is hidden', async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    await screen.findByTestId('navbar');
    expect(screen.queryByTestId('settings-float-button')).toBeNull();
    fireEvent.click(screen.getByTestId('navbar-settings'));
    expect(await screen.findByTestId('settings-drawer')).toBeTruthy();

    fireEvent.click(screen.getByTestId('settings-switch-navbar'));
    await waitFor(() => expect(screen.queryByTestId('navbar')).toBeNull());
    expect(await screen.findByTestId('settings-float-button')).toBeTruthy();
  });

  it("names every navbar button for a screen reader, in the reader's language", async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    const navbar = await screen.findByTestId('navbar');
    await waitFor(() => expect(within(navbar).getAllByRole('button').length).toBeGreaterThanOrEqual(5));
    // The user menu is named by the account it shows; each icon button by what it does.
    const unnamed = within(navbar)
      .getAllByRole('button')
      .filter((button) => !button.getAttribute('aria-label') && !button.textContent?.trim());
    expect(unnamed.map((button) => button.dataset.testid)).toEqual([]);
    expect(within(navbar).getByRole('button', { name: 'Switch to the dark theme' })).toBe(
      screen.getByTestId('navbar-theme'),
    );
  });

  it('reads the balances again when a new message arrives, as after a top-up is approved', async () => {
    let approved = false;
    const approval = {
      id: 9,
      type: 'message',
      title: 'Top-up approved',
      content: '$100',
      status: 0,
      time: '2026-01-03T03:04:05Z',
    };
    signedIn(sampleUser(), {
      [on(usersContracts.getUserInfo)]: () =>
        envelope(
          200,
          sampleUser(
            approved ? { balance: '112.30', wallets: [{ ...sampleUser().wallets[0], balance: '112.30' }] } : {},
          ),
        ),
      [on(messagesContracts.listMessages)]: () => envelope(200, approved ? [approval, ...messages] : messages),
    });
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('navbar-balance-USD').textContent).toBe('$12.30'));
    // The box has read its messages (two unread).
    await waitFor(() => expect(screen.getByTestId('message-box-badge').textContent).toContain('2'));
    approved = true;
    // Opening the box asks for the messages again, as the bell's refresh every minute does.
    fireEvent.click(screen.getByTestId('navbar-alerts'));
    await waitFor(() => expect(screen.getByTestId('navbar-balance-USD').textContent).toBe('$112.30'));
  });

  it('builds the menu from the route table with the external links opening a new tab', async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    const docs = await screen.findByTestId('menu-item-docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('href')).toBe('/docs/');
    expect(screen.getByTestId('menu-item-faq').getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('menu-item-adminSettings')).toBeNull();
  });

  it('shows the breadcrumb with translated path items', async () => {
    signedIn();
    renderApp('/settings/account');
    const crumb = await screen.findByTestId('breadcrumb');
    expect(crumb.textContent).toContain('System settings');
    expect(crumb.textContent).toContain('My account');
  });

  it('shows the watermark and the acting-as notice only when acting as a user', async () => {
    signedIn(sampleUser({ actingAs: { actorId: 1, actorUsername: 'admin@example.com' } }));
    renderApp('/dashboard/workplace');
    const notice = await screen.findByTestId('acting-as-notice');
    expect(notice.textContent).toContain('admin@example.com is acting as buyer@example.com');
    const watermark = screen.getByTestId('watermark');
    expect(watermark.getAttribute('data-watermark-text')).toContain('C0000007 Ada Buyer');
    expect(watermark.getAttribute('data-watermark-text')).toContain('Audit recording in progress. Operate carefully.');
  });

  it('shows no watermark for a user signed in as themselves', async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    await screen.findByTestId('workplace-greeting');
    expect(screen.queryByTestId('watermark')).toBeNull();
    expect(screen.queryByTestId('acting-as-notice')).toBeNull();
  });

  it('message box: unread badge, tabs, mark all read', async () => {
    const { calls } = signedIn(sampleUser(), { [on(messagesContracts.markMessagesRead)]: envelope(200, null) });
    renderApp('/dashboard/workplace');
    const badge = await screen.findByTestId('message-box-badge');
    await waitFor(() => expect(badge.textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('navbar-alerts'));
    const box = await screen.findByTestId('message-box');
    expect((await within(box).findByTestId('message-box-tab-message')).textContent).toContain('Message (1)');
    expect(within(box).getByTestId('message-box-tab-notice').textContent).toContain('Notice (1)');
    expect(within(box).getByTestId('message-box-tab-todo').textContent).toBe('To-do');
    expect(within(box).getByText('Top-up approved')).toBeTruthy();
    fireEvent.click(within(box).getByTestId('message-box-read-all'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/user/messages/read')).toBe(true));
    expect(calls.find((call) => call.url === '/api/user/messages/read')?.body).toEqual({ ids: [] });
  });

  it('message box counts the unread system messages and marks them read with the rest', async () => {
    const { calls } = signedIn(sampleUser(), {
      [on(sysContracts.listMySysMessages)]: envelope(200, { list: [], total: 3, page: 1, pageSize: 50, unread: 3 }),
      [on(messagesContracts.markMessagesRead)]: envelope(200, null),
      [on(sysContracts.markSysMessagesRead)]: envelope(200, { marked: 3 }),
    });
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('message-box-badge').textContent).toContain('5'));
    expect(callsOf(calls, sysContracts.listMySysMessages)[0]?.url).toContain('unread=true');
    fireEvent.click(screen.getByTestId('navbar-alerts'));
    const box = await screen.findByTestId('message-box');
    expect(within(box).getByTestId('message-box-sys-center').textContent).toBe('System messages (3)');
    fireEvent.click(within(box).getByTestId('message-box-read-all'));
    await waitFor(() => expect(callsOf(calls, sysContracts.markSysMessagesRead)[0]?.body).toEqual({ ids: [] }));
    expect(callsOf(calls, messagesContracts.markMessagesRead)[0]?.body).toEqual({ ids: [] });
  });

  it('message box opens on the first tab with something unread and links to the system messages', async () => {
    signedIn(sampleUser(), {
      [on(messagesContracts.listMessages)]: envelope(200, [
        { id: 31, type: 'message', title: 'Old news', content: 'read', status: 1, time: '2026-01-01T00:00:00.000Z' },
        {
          id: 32,
          type: 'todo',
          title: 'Confirm your address',
          content: 'todo',
          status: 0,
          time: '2026-01-02T00:00:00.000Z',
        },
      ]),
    });
    renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('message-box-badge').textContent).toContain('1'));
    fireEvent.click(screen.getByTestId('navbar-alerts'));
    const box = await screen.findByTestId('message-box');
    await waitFor(() => expect(within(box).getByRole('tab', { selected: true }).textContent).toContain('To-do (1)'));
    expect(within(box).getByText('Confirm your address')).toBeTruthy();
    expect(within(box).getByTestId('message-box-sys-center').getAttribute('href')).toBe('/sys/center');
  });

  it('asks before switching the language, then keeps it and reloads', async () => {
    signedIn();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp('/dashboard/workplace');
    fireEvent.click(await screen.findByTestId('navbar-language'));
    fireEvent.click(await screen.findByTestId('language-zh-CN'));
    fireEvent.click(await screen.findByTestId('language-confirm-cancel'));
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('navbar-language'));
    fireEvent.click((await screen.findAllByTestId('language-zh-CN')).at(-1) as HTMLElement);
    // The cancelled dialog may still be leaving; the new one is the last.
    fireEvent.click((await screen.findAllByTestId('language-confirm-ok')).at(-1) as HTMLElement);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh-CN');
    // the document the reload asks for is drawn in the new language (the server reads the look cookie)
    expect(document.cookie).toContain('look=zh-CN.light');
  });

  it('logs out: revokes the token, clears docs/spec.md §4 storage and reloads on the login page', async () => {
    const { calls } = signedIn(sampleUser(), { [on(authContracts.logout)]: envelope(200, null) });
    localStorage.setItem(STORAGE_KEYS.actingAs, '1');
    localStorage.setItem(STORAGE_KEYS.authorTokens, '{}');
    const load = vi.spyOn(browser, 'load').mockImplementation(() => undefined);
    renderApp('/dashboard/workplace');
    fireEvent.click(await screen.findByTestId('navbar-user'));
    fireEvent.click(await screen.findByTestId('user-menu-logout'));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/admin/logout')).toBe(true);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.actingAs)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authorTokens)).toBeNull();
    expect(useSessionStore.getState().userInfo).toBeNull();
  });

  it('applies colour weakness to the page', async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    await screen.findByTestId('navbar');
    useSettingsStore.getState().update({ colorWeak: true });
    await waitFor(() => expect(document.body.style.filter).toBe('invert(80%)'));
    useSettingsStore.getState().update({ colorWeak: false });
    await waitFor(() => expect(document.body.style.filter).toBe(''));
  });

  it('greets the user with the balances on the workplace', async () => {
    signedIn();
    renderApp('/dashboard/workplace');
    expect((await screen.findByTestId('workplace-greeting')).textContent).toContain('Ada Buyer');
    expect(screen.getByTestId('balance-USD-balance').textContent).toBe('$12.30');
    expect(screen.getByTestId('balance-USD-earnestBalance').textContent).toBe('$1.00');
    expect(screen.getByTestId('balance-USD-depositBalance').textContent).toBe('$2.00');
    expect(screen.getByTestId('balance-USD-refundAmount').textContent).toBe('$0.50');
    expect(screen.getByTestId('balance-USD-creditLimit').textContent).toBe('$100.00');
    expect(screen.getByTestId('balance-CNY-balance').textContent).toBe('¥88.00');
  });

  it('the tab bar closes this tab, the others, or all of them (all leaves the workplace)', async () => {
    signedIn();
    useSettingsStore.setState({ tabBar: true });
    const { router } = renderApp('/settings/account');
    await screen.findByTestId('tab-account');
    await router.navigate('/settings/addressbook');
    await screen.findByTestId('tab-addressbook');
    await router.navigate('/postage/recharge');
    await screen.findByTestId('tab-recharge');
    const openTabs = () => useAppStore.getState().tabs.map((tab) => tab.name);
    expect(openTabs()).toEqual(['account', 'addressbook', 'recharge']);

    const choose = async (action: string) => {
      fireEvent.click(screen.getByTestId('tab-bar-more'));
      fireEvent.click(await screen.findByTestId(`tab-bar-${action}`));
    };
    await choose('close');
    // Closing the open tab moves to its neighbour.
    await waitFor(() => expect(openTabs()).toEqual(['account', 'addressbook']));
    expect(router.state.location.pathname).toBe('/settings/addressbook');
    await choose('others');
    await waitFor(() => expect(openTabs()).toEqual(['addressbook']));
    await choose('all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/workplace'));
    await waitFor(() => expect(openTabs()).toEqual(['Workplace']));
  });
});
