import * as menuContracts from '@parcelport/shared/contracts/menu/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n';
import { useAppStore } from '../stores/app';
import { DEFAULT_SETTINGS, useSettingsStore } from '../stores/settings';
import { envelope, on, stubFetch } from '../test/helpers';
import { renderWithProviders } from '../test/render';
import { SettingsDrawer } from './SettingsDrawer';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});
beforeEach(() => {
  useSettingsStore.getState().reset();
  useAppStore.setState({ settingsOpen: true, serverMenu: null });
});

function openDrawer() {
  renderWithProviders(<SettingsDrawer />);
  return screen.findByTestId('settings-drawer');
}

describe('settings drawer', () => {
  it('copies the whole settings state as JSON and confirms with a success message', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    useSettingsStore.getState().update({ menuWidth: 250, tabBar: true });
    await openDrawer();
    fireEvent.click(screen.getByTestId('settings-copy'));
    await screen.findByTestId('settings-copy-success');
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = JSON.parse(writeText.mock.calls[0]?.[0] ?? '');
    expect(copied).toEqual({ ...DEFAULT_SETTINGS, menuWidth: 250, tabBar: true });
  });

  it('takes digits only in menuWidth', async () => {
    await openDrawer();
    const input = screen.getByTestId('settings-menu-width') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2x6y0' } });
    expect(input.value).toBe('260');
    expect(useSettingsStore.getState().menuWidth).toBe(260);
    fireEvent.change(input, { target: { value: 'wide' } });
    expect(input.value).toBe('');
    expect(useSettingsStore.getState().menuWidth).toBe(260);
  });

  it('switches navbar, footer, tab bar and colour weakness', async () => {
    await openDrawer();
    for (const key of ['navbar', 'footer', 'colorWeak', 'tabBar'] as const) {
      const before = useSettingsStore.getState()[key];
      fireEvent.click(screen.getByTestId(`settings-switch-${key}`));
      expect(useSettingsStore.getState()[key]).toBe(!before);
    }
  });

  it('fetches the menu from the server when menuFromServer is turned on, with notifications', async () => {
    const menu = [{ name: 'dashboard', path: '/dashboard', locale: 'menu.dashboard', requiresAuth: true }];
    const { calls } = stubFetch({ [on(menuContracts.getMenu)]: envelope(200, menu) });
    await openDrawer();
    fireEvent.click(screen.getByTestId('settings-switch-menuFromServer'));
    await screen.findByTestId('notification-success');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/user/menu']);
    expect(useAppStore.getState().serverMenu).toEqual(menu);
    expect(useSettingsStore.getState().menuFromServer).toBe(true);

    fireEvent.click(screen.getByTestId('settings-switch-menuFromServer'));
    expect(useAppStore.getState().serverMenu).toBeNull();
  });

  it('reports a failed menu fetch with an error notification', async () => {
    stubFetch({ [on(menuContracts.getMenu)]: envelope(500, null, 'down') });
    await openDrawer();
    fireEvent.click(screen.getByTestId('settings-switch-menuFromServer'));
    await screen.findByTestId('notification-error');
    expect(useAppStore.getState().serverMenu).toBeNull();
  });

  it('closes with the close button', async () => {
    await openDrawer();
    fireEvent.click(screen.getByTestId('settings-close'));
    await waitFor(() => expect(useAppStore.getState().settingsOpen).toBe(false));
  });
});
