import * as accessContracts from '@parcelport/shared/contracts/access/index';
import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as customerContracts from '@parcelport/shared/contracts/customers/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../../test/helpers';
import { renderApp } from '../../test/render';
import { expectTableFits } from '../../test/tableWidth';

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  name: 'Administrator',
  role: ['menuSystem', 'adminList', 'staffList', 'adminRoleList'],
  roleCodes: ['administrator'],
});

const customer = (overrides: Record<string, unknown>) => ({
  id: 9,
  username: 'pending@example.com',
  name: 'Pat Pending',
  company: 'Acme',
  phone: '555',
  status: 0,
  kind: 'customer',
  ownerId: null,
  invitationCode: null,
  registrationDate: '2026-01-01T00:00:00.000Z',
  balance: '0.00',
  roles: [{ id: 1, code: 'customer' }],
  ...overrides,
});

inEnglishWithToken('admin-token');

function stubAdmin(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, admin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(adminUsersContracts.listUsers.admin)]: envelope(200, {
      list: [customer({}), customer({ id: 10, username: 'active@example.com', status: 1, balance: '1234.50' })],
      total: 2,
      page: 1,
      pageSize: 50,
    }),
    [on(adminUsersContracts.listUsers.staff)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
    [on(accessContracts.listRoles)]: envelope(200, [
      { id: 1, code: 'customer', name: 'Customer', description: '', builtIn: true, resources: [] },
      { id: 2, code: 'finance', name: 'Finance', description: '', builtIn: true, resources: [] },
    ]),
    ...extra,
  });
}

describe('user management', () => {
  it('lists customers with their status and balance, and searches', async () => {
    const { calls } = stubAdmin();
    renderApp('/adminSettings/userManagement');
    const row = await screen.findByTestId('user-row-active@example.com');
    // Issue 14: the list's own columns fit a 1440 px screen with the menu open.
    expectTableFits();
    expect(row.textContent).toContain('$1,234.50');
    expect(within(row).getByTestId('account-status').textContent).toBe('Active');
    const pending = screen.getByTestId('user-row-pending@example.com');
    expect(within(pending).getByTestId('account-status').textContent).toBe('Pending activation');
    expect(screen.getByTestId('users-tab-employees')).toBeTruthy();

    fireEvent.change(screen.getByTestId('user-search-keyword'), { target: { value: 'acme' } });
    fireEvent.click(screen.getByTestId('user-search-submit'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('keyword=acme'))).toBe(true));
    expect(calls.find((call) => call.url.includes('keyword=acme'))?.url).toBe(
      '/api/admin/list?page=1&pageSize=50&keyword=acme',
    );
  });

  it('activates a pending account after confirmation', async () => {
    const { calls } = stubAdmin({ [on(adminUsersContracts.updateUserStatus.admin, { id: 9 })]: envelope(200, null) });
    renderApp('/adminSettings/userManagement');
    const row = await screen.findByTestId('user-row-pending@example.com');
    fireEvent.click(within(row).getByTestId('user-action-activate'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/updateStatus/9')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/updateStatus/9')?.body).toEqual({ status: 1 });
    expect(await screen.findByText('The account is activated')).toBeTruthy();
  });

  it('gives a seller a new invitation code from the employees tab and shows it', async () => {
    const seller = customer({
      id: 21,
      username: 'rep@example.com',
      kind: 'staff',
      status: 1,
      invitationCode: 'OLD-CODE',
      roles: [{ id: 5, code: 'seller' }],
    });
    const finance = customer({
      id: 22,
      username: 'money@example.com',
      kind: 'staff',
      status: 1,
      roles: [{ id: 2, code: 'finance' }],
    });
    const { calls } = stubAdmin({
      [on(adminUsersContracts.listUsers.staff)]: envelope(200, {
        list: [seller, finance],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
      [on(adminUsersContracts.updateSeller)]: envelope(200, { invitationCode: 'A1B2C3D4E5' }),
    });
    renderApp('/adminSettings/userManagement');
    fireEvent.click(await screen.findByTestId('users-tab-employees'));
    const row = await screen.findByTestId('user-row-rep@example.com');
    expect(row.textContent).toContain('OLD-CODE');
    expect(
      within(await screen.findByTestId('user-row-money@example.com')).queryByTestId('user-action-invitation'),
    ).toBeNull();
    fireEvent.click(within(row).getByTestId('user-action-invitation'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/admin/update/seller')?.body).toEqual({ id: 21 }),
    );
    expect(await screen.findByText('Invitation code: A1B2C3D4E5')).toBeTruthy();
  });

  it('sets roles from the role list', async () => {
    const { calls } = stubAdmin({ [on(adminUsersContracts.updateUserRoles.admin)]: envelope(200, null) });
    renderApp('/adminSettings/userManagement');
    const row = await screen.findByTestId('user-row-active@example.com');
    fireEvent.click(within(row).getByTestId('user-action-roles'));
    const finance = await screen.findByTestId('role-option-finance');
    fireEvent.click(finance);
    fireEvent.click(screen.getByTestId('roles-save'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/role/update')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/role/update')?.body).toEqual({ userId: 10, roleIds: [1, 2] });
  });

  it('acts as an active user by opening /config and handing it the built token by message, not in the URL', async () => {
    const child = { postMessage: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => child as unknown as Window);
    stubAdmin({ [on(adminUsersContracts.buildUserToken.admin, { id: 10 })]: envelope(200, 'acting token') });
    renderApp('/adminSettings/userManagement');
    const row = await screen.findByTestId('user-row-active@example.com');
    fireEvent.click(within(row).getByTestId('user-action-act-as'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/config', '_blank'));
    const ready = (source: unknown, origin = window.location.origin) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'parcelport:acting-as-ready' }, origin, source: source as Window }),
      );
    // Only the window it opened, on this origin, gets the token.
    ready(child, 'https://elsewhere.example');
    ready({ postMessage: vi.fn() });
    expect(child.postMessage).not.toHaveBeenCalled();
    ready(child);
    expect(child.postMessage).toHaveBeenCalledWith(
      { type: 'parcelport:acting-as-token', token: 'acting token' },
      window.location.origin,
    );
    ready(child);
    expect(child.postMessage).toHaveBeenCalledTimes(1);
    const pending = screen.getByTestId('user-row-pending@example.com');
    expect((within(pending).getByTestId('user-action-act-as') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the sellers with their codes and customers; a count opens the customers of that seller', async () => {
    const { calls } = stubAdmin({
      [on(customerContracts.listSellers)]: envelope(200, {
        list: [
          {
            id: 30,
            username: 'rep@example.com',
            name: 'Rey Rep',
            status: 1,
            invitationCode: 'REP-30',
            customers: 3,
            registrationDate: '2026-01-01T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/adminSettings/userManagement');
    await screen.findByTestId('user-row-active@example.com');
    fireEvent.click(screen.getByTestId('users-tab-sellers'));
    const seller = await screen.findByTestId('seller-row-rep@example.com');
    expect(seller.textContent).toContain('REP-30');
    const count = within(seller).getByTestId('seller-customers');
    expect(count.textContent).toBe('3');

    fireEvent.click(count);
    expect((await screen.findByTestId('users-owner-filter')).textContent).toBe('Customers of rep@example.com');
    const owned = () =>
      callsOf(calls, adminUsersContracts.listUsers.admin).filter((call) => call.url.includes('ownerId'));
    await waitFor(() => expect(owned()).toHaveLength(1));
    expect(owned()[0]?.url).toBe('/api/admin/list?page=1&pageSize=50&ownerId=30');

    // Closing the filter lists every customer again.
    const before = callsOf(calls, adminUsersContracts.listUsers.admin).length;
    fireEvent.click(screen.getByTestId('users-owner-filter').querySelector('.ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('users-owner-filter')).toBeNull());
    await waitFor(() => expect(callsOf(calls, adminUsersContracts.listUsers.admin).length).toBeGreaterThan(before));
    expect(callsOf(calls, adminUsersContracts.listUsers.admin).at(-1)?.url).toBe('/api/admin/list?page=1&pageSize=50');
  });
});
