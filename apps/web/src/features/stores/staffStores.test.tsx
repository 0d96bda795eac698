import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';
import { failingWoo, store } from './testFixtures';

/** /adminSettings/stores: staff read every merchant's online stores and their health. */

inEnglishWithToken('staff-token');

const staff = sampleUser({
  id: 1,
  username: 'admin@example.com',
  kind: 'staff',
  role: ['menuSystem', 'adminList'],
  roleCodes: ['administrator'],
  resources: [{ code: 'menuSystem' }, { code: 'adminList' }],
});
const owned = { userId: 7, userEmail: 'ada@shop.test', userName: 'Ada Buyer' };
const shop = { ...store(), ...owned };
const woo = { ...failingWoo, userId: 8, userEmail: 'lin@woo.test', userName: 'Lin Wei' };

const query = (call: StubbedCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://localhost').searchParams);

function stubStaff() {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, staff),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(storesContracts.listAllStores)]: (call: StubbedCall) => {
      const { platform, keyword } = query(call);
      const list = [shop, woo].filter(
        (row) => (!platform || row.platform === platform) && (!keyword || row.userEmail.includes(keyword)),
      );
      return envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
    },
  });
}

describe('/adminSettings/stores', () => {
  it("lists every merchant's stores with their owner and health", async () => {
    const { calls } = stubStaff();
    renderApp('/adminSettings/stores');
    const first = await screen.findByTestId('staff-store-row-1');
    expect(screen.getByTestId('menu-item-stores').textContent).toBe('Online stores');
    expect(query(callsOf(calls, storesContracts.listAllStores)[0])).toEqual({ page: '1', pageSize: '50' });
    expect(within(first).getByTestId('staff-store-owner').textContent).toBe('ada@shop.test');
    expect(first.textContent).toContain('Ada Buyer');
    expect(first.textContent).toContain('Main shop');
    // Issue 14: the store's account under its name; the list's own columns fit 1440 px with the menu open.
    expect(first.textContent).toContain('main-shop.myshopify.com');
    expectTableFits();
    expect(within(first).getByTestId('store-platform-tag').textContent).toBe('Shopify');
    expect(within(first).getByTestId('store-status').textContent).toBe('Active');
    expect(within(first).getByTestId('store-last-sync').textContent).toContain(
      '3 imported · 1 updated · 1 to complete · 0 failed',
    );
    // The drafts are the merchant's: staff are not led to their own drafts list.
    expect(within(first).queryByTestId('store-last-drafts')).toBeNull();
    expect(first.textContent).toContain('12');
    // When the store was added is offered in the table settings, not among the list's own columns.
    expect(first.textContent).not.toContain('2026-11-23 09:30');

    const second = screen.getByTestId('staff-store-row-2');
    expect(within(second).getByTestId('store-status').textContent).toBe('Failing');
    expect(within(second).getByTestId('store-error').textContent).toBe('Consumer key is invalid (401)');
    // Staff see the complaint; reconnecting is the merchant's.
    expect(within(second).queryByTestId('store-reconnect')).toBeNull();
  });

  it('filters by keyword, platform and state on the server', async () => {
    const { calls } = stubStaff();
    renderApp('/adminSettings/stores');
    await screen.findByTestId('staff-store-row-2');
    // Issue 26: the two filters have a name a screen reader says, not only a placeholder.
    expect(screen.getByRole('combobox', { name: 'All platforms' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'All states' })).toBeTruthy();
    typeInto('staff-stores-keyword', ' ada@ ');
    fireEvent.click(screen.getByTestId('staff-stores-search'));
    await waitFor(() => expect(screen.queryByTestId('staff-store-row-2')).toBeNull());
    expect(query(callsOf(calls, storesContracts.listAllStores).at(-1))).toEqual({
      page: '1',
      pageSize: '50',
      keyword: 'ada@',
    });

    fireEvent.click(screen.getByTestId('staff-stores-reset'));
    await screen.findByTestId('staff-store-row-2');
    await chooseOption('staff-stores-platform', 'WooCommerce');
    await waitFor(() => expect(screen.queryByTestId('staff-store-row-1')).toBeNull());
    expect(query(callsOf(calls, storesContracts.listAllStores).at(-1))).toEqual({
      page: '1',
      pageSize: '50',
      platform: 'woocommerce',
    });
    await chooseOption('staff-stores-status', 'Failing');
    await waitFor(() =>
      expect(query(callsOf(calls, storesContracts.listAllStores).at(-1))).toEqual({
        page: '1',
        pageSize: '50',
        platform: 'woocommerce',
        status: 'failing',
      }),
    );
  });

  it('is neither shown to a merchant nor asked for', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    const { router } = renderApp('/adminSettings/stores');
    await waitFor(() => expect(pathOf(router)).not.toBe('/adminSettings/stores'));
    expect(screen.queryByTestId('staff-stores-page')).toBeNull();
    expect(screen.queryByTestId('menu-item-stores')).toBeNull();
    expect(callsOf(calls, storesContracts.listAllStores)).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    stubStaff();
    renderApp('/adminSettings/stores');
    await screen.findByTestId('staff-store-row-1');
    await act(async () => {
      await changeLocale('zh-CN');
    });
    expect(screen.getByTestId('menu-item-stores').textContent).toBe('网店');
    expect(within(screen.getByTestId('staff-store-row-2')).getByTestId('store-status').textContent).toBe('异常');
    await act(async () => {
      await changeLocale('en-US');
    });
  });
});
