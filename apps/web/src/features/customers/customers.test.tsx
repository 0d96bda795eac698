import * as accessContracts from '@parcelport/shared/contracts/access/index';
import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as customerContracts from '@parcelport/shared/contracts/customers/index';
import * as employeeContracts from '@parcelport/shared/contracts/employees/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  sampleUser,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { renderApp } from '../../test/render';

/** Customers in full, proxies and overseas-warehouse users (issue 13), stubbed by contract. */

const staff = (roleCodes: string[], role: string[]) =>
  sampleUser({ id: 1, username: 'staff@example.com', kind: 'staff', role: ['menuSystem', ...role], roleCodes });
const administrator = staff(
  ['administrator'],
  ['adminList', 'adminRechargeList', 'adminRoleList', 'proxyUser', 'staffList'],
);

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 10,
  username: 'shop@example.com',
  name: 'Lin Wei',
  company: 'Wei Trading',
  phone: '555',
  status: 1,
  kind: 'customer',
  ownerId: 30,
  ownerUsername: 'rep@example.com',
  invitationCode: null,
  memberType: 2,
  certification: 0,
  registrationDate: '2026-01-01T00:00:00.000Z',
  balance: '0.00',
  roles: [{ id: 1, code: 'customer' }],
  ...overrides,
});

const detail = {
  ...row(),
  firstName: 'Lin',
  lastName: 'Wei',
  nickName: '',
  wechat: '',
  accountId: 'C00000010',
  wallets: [
    {
      currency: 'USD',
      balance: '0.00',
      earnestBalance: '0.00',
      depositBalance: '0.00',
      refundAmount: '0.00',
      creditLimit: '25.00',
    },
  ],
};

inEnglishWithToken('staff-token');

function stub(user: ReturnType<typeof staff>, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, user),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(adminUsersContracts.listUsers.admin)]: envelope(200, { list: [row()], total: 1, page: 1, pageSize: 50 }),
    [on(customerContracts.allSellers)]: envelope(200, [{ id: 30, username: 'rep@example.com', name: 'Rep' }]),
    [on(customerContracts.listProxies)]: envelope(200, {
      list: [
        {
          id: 40,
          username: 'proxy@example.com',
          name: 'Pat Proxy',
          company: 'Proxy Co',
          status: 1,
          invitationCode: 'PX-1',
          markupPercent: '10.00',
          markupFixed: '0.50',
          customers: 3,
          labels: 7,
          commission: '12.34',
          balance: '12.34',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
    }),
    ...extra,
  });
}

describe('customers in full', () => {
  it('registers a new customer with a member type and a credit limit under a seller; a taken address is shown on its field', async () => {
    const { calls } = stub(administrator, {
      [on(customerContracts.registerCustomer)]: [
        envelope(400, { fields: { email: 'This address is already registered' } }, 'Invalid input'),
        envelope(200, { id: 11 }),
      ],
    });
    renderApp('/adminSettings/userManagement');
    fireEvent.click(await screen.findByTestId('customer-new'));
    typeInto('customer-email', 'new@shop.test');
    typeInto('customer-password', 'Customer#1');
    typeInto('customer-firstName', 'Mei');
    typeInto('customer-lastName', 'Chen');
    typeInto('customer-company', 'Chen Goods');
    typeInto('customer-phone', '+1 626 555 0100');
    await chooseOption('customer-memberType', 'Gold');
    typeInto('customer-creditLimit', '100');
    await chooseOption('customer-owner', 'rep@example.com (Seller)');
    fireEvent.click(screen.getByTestId('customer-save'));
    expect(await screen.findByText('This address is already registered')).toBeTruthy();

    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(callsOf(calls, customerContracts.registerCustomer)).toHaveLength(2));
    expect(callsOf(calls, customerContracts.registerCustomer)[1]?.body).toEqual({
      email: 'new@shop.test',
      password: 'Customer#1',
      firstName: 'Mei',
      lastName: 'Chen',
      nickName: '',
      company: 'Chen Goods',
      phone: '+1 626 555 0100',
      wechat: '',
      memberType: 2,
      certification: 0,
      creditLimit: '100',
      ownerId: 30,
      active: true,
    });
    expect(await screen.findByText('Customer created')).toBeTruthy();
  });

  it('edits a customer from its details, with its credit limit and owner', async () => {
    const { calls } = stub(administrator, {
      [on(adminUsersContracts.getUser.admin, { id: 10 })]: envelope(200, detail),
      [on(customerContracts.updateCustomer, { id: 10 })]: envelope(200, detail),
    });
    renderApp('/adminSettings/userManagement');
    const line = await screen.findByTestId('user-row-shop@example.com');
    expect(line.textContent).toContain('rep@example.com');
    expect(line.textContent).toContain('Gold');
    fireEvent.click(within(line).getByTestId('user-action-edit'));
    await waitFor(() => expect((screen.getByTestId('customer-firstName') as HTMLInputElement).value).toBe('Lin'));
    expect((screen.getByTestId('customer-creditLimit') as HTMLInputElement).value).toBe('25.00');
    typeInto('customer-company', 'Wei Trading LLC');
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(callsOf(calls, customerContracts.updateCustomer, { id: 10 })).toHaveLength(1));
    expect(callsOf(calls, customerContracts.updateCustomer, { id: 10 })[0]?.body).toMatchObject({
      company: 'Wei Trading LLC',
      memberType: 2,
      creditLimit: '25.00',
      ownerId: 30,
    });
  });

  it('a seller edits the profile only', async () => {
    const seller = staff(['seller'], ['adminList', 'orderList']);
    const { calls } = stub(seller, {
      [on(adminUsersContracts.getUser.admin, { id: 10 })]: envelope(200, detail),
      [on(customerContracts.updateCustomer, { id: 10 })]: envelope(200, detail),
    });
    renderApp('/adminSettings/userManagement');
    fireEvent.click(within(await screen.findByTestId('user-row-shop@example.com')).getByTestId('user-action-edit'));
    await waitFor(() => expect((screen.getByTestId('customer-firstName') as HTMLInputElement).value).toBe('Lin'));
    expect(screen.queryByTestId('customer-creditLimit')).toBeNull();
    expect(screen.queryByTestId('customer-owner')).toBeNull();
    fireEvent.click(screen.getByTestId('customer-save'));
    await waitFor(() => expect(callsOf(calls, customerContracts.updateCustomer, { id: 10 })).toHaveLength(1));
    const body = callsOf(calls, customerContracts.updateCustomer, { id: 10 })[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('creditLimit');
    expect(body).not.toHaveProperty('ownerId');
  });

  it('deletes after confirming, and says why when the server refuses', async () => {
    const { calls } = stub(administrator, {
      [on(customerContracts.deleteCustomer, { id: 10 })]: envelope(
        422,
        null,
        'The account still holds a balance, earnest, deposit or refund; it can be deleted once they are zero',
      ),
    });
    renderApp('/adminSettings/userManagement');
    fireEvent.click(within(await screen.findByTestId('user-row-shop@example.com')).getByTestId('user-action-delete'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, customerContracts.deleteCustomer, { id: 10 })).toHaveLength(1));
    expect(await screen.findByText(/still holds a balance/)).toBeTruthy();
  });

  it('releases a customer’s earnest after a confirm showing what is held, and says what was released', async () => {
    const holding = {
      ...detail,
      wallets: [{ ...detail.wallets[0], earnestBalance: '3.50' }],
    };
    const { calls } = stub(staff(['customerService'], ['adminList', 'orderList']), {
      [on(adminUsersContracts.getUser.admin, { id: 10 })]: envelope(200, holding),
      [on(ordersContracts.releaseUserEarnest, { id: 10 })]: envelope(200, {
        released: '2.50',
        orders: [
          { id: 7, ok: true },
          { id: 8, ok: true },
        ],
      }),
    });
    renderApp('/adminSettings/userManagement');
    const line = await screen.findByTestId('user-row-shop@example.com');
    fireEvent.click(within(line).getByTestId('user-action-release-earnest'));
    await waitFor(() => expect(screen.getByTestId('customer-earnest-held').textContent).toContain('$3.50'));
    expect(callsOf(calls, ordersContracts.releaseUserEarnest, { id: 10 })).toHaveLength(0);
    fireEvent.click(screen.getByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, ordersContracts.releaseUserEarnest, { id: 10 })).toHaveLength(1));
    expect((await screen.findByTestId('customer-earnest-released')).textContent).toBe(
      'Earnest released on 2 orders: $2.50',
    );
  });

  it('offers no earnest release without an order code', async () => {
    stub(administrator);
    renderApp('/adminSettings/userManagement');
    const line = await screen.findByTestId('user-row-shop@example.com');
    expect(within(line).getByTestId('user-action-edit')).toBeTruthy();
    expect(within(line).queryByTestId('user-action-release-earnest')).toBeNull();
  });
});

describe('proxy users', () => {
  it('lists proxies with markup and commission, sets a markup, and shows a proxy’s customers', async () => {
    const { calls } = stub(administrator, {
      [on(customerContracts.updateProxy, { id: 40 })]: envelope(200, {
        invitationCode: 'PX-1',
        markupPercent: '12.50',
        markupFixed: '1.00',
      }),
      [on(customerContracts.listProxyCustomers)]: envelope(200, {
        list: [
          {
            id: 12,
            username: 'buyer@shop.test',
            name: 'Bo Buyer',
            company: 'Buyer Co',
            status: 1,
            registrationDate: '2026-02-01T00:00:00.000Z',
            labels: 7,
            spend: '123.40',
            commission: '12.34',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/adminSettings/proxyUser');
    const line = await screen.findByTestId('proxy-row-proxy@example.com');
    expect(within(line).getByTestId('proxy-markup').textContent).toBe('10.00% + $0.50');
    expect(within(line).getByTestId('proxy-commission').textContent).toBe('$12.34');

    fireEvent.click(within(line).getByTestId('proxy-action-edit'));
    typeInto('proxy-markup-percent', '1000.5');
    fireEvent.click(screen.getByTestId('proxy-save'));
    expect(await screen.findByText('A percentage from 0 to 1000 with at most two decimals')).toBeTruthy();
    typeInto('proxy-markup-percent', '12.5');
    typeInto('proxy-markup-fixed', '1');
    fireEvent.click(screen.getByTestId('proxy-save'));
    await waitFor(() => expect(callsOf(calls, customerContracts.updateProxy, { id: 40 })).toHaveLength(1));
    expect(callsOf(calls, customerContracts.updateProxy, { id: 40 })[0]?.body).toEqual({
      markupPercent: '12.5',
      markupFixed: '1',
      invitationCode: 'PX-1',
    });

    fireEvent.click(within(line).getByTestId('proxy-action-customers'));
    const customer = await screen.findByTestId('proxy-customer-buyer@shop.test');
    expect(customer.textContent).toContain('$12.34');
    expect(callsOf(calls, customerContracts.listProxyCustomers)[0]?.url).toContain('proxyId=40');
  });
});

describe('overseas-warehouse users', () => {
  it('lists warehouses with their volume for a period and the merchants one shipped for', async () => {
    const { calls } = stub(administrator, {
      [on(customerContracts.listWarehouseUsers)]: envelope(200, {
        list: [
          {
            id: 50,
            username: 'ow@warehouse.test',
            name: 'OW',
            company: 'LA Warehouse',
            phone: '555',
            status: 1,
            registrationDate: '2026-01-01T00:00:00.000Z',
            senderAddresses: 4,
            labels: 120,
            spend: '980.00',
            merchants: 9,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
      [on(customerContracts.listWarehouseMerchants, { id: 50 })]: envelope(200, [
        { sender: 'Acme Store', labels: 80, spend: '600.00', lastLabelAt: '2026-03-01T10:00:00.000Z' },
      ]),
    });
    renderApp('/adminSettings/overseasWarehouseUser');
    const line = await screen.findByTestId('warehouse-row-ow@warehouse.test');
    expect(line.textContent).toContain('LA Warehouse');
    expect(line.textContent).toContain('$980.00');
    fireEvent.click(within(line).getByTestId('warehouse-action-merchants'));
    const merchant = await screen.findByTestId('warehouse-merchant-Acme Store');
    expect(merchant.textContent).toContain('80');
    expect(callsOf(calls, customerContracts.listWarehouseMerchants, { id: 50 })).toHaveLength(1);
  });
});

describe('employees', () => {
  it('registers an employee with a role on the employees screen', async () => {
    const { calls } = stub(administrator, {
      [on(adminUsersContracts.listUsers.staff)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
      [on(accessContracts.listRoles)]: envelope(200, [
        { id: 1, code: 'customer', name: 'Customer', description: '', builtIn: true, resources: [] },
        { id: 3, code: 'customerService', name: 'Customer service', description: '', builtIn: true, resources: [] },
      ]),
      [on(employeeContracts.registerEmployee)]: envelope(200, { id: 31 }),
    });
    renderApp('/adminSettings/employeeManagement');
    fireEvent.click(await screen.findByTestId('employee-new'));
    typeInto('employee-email', 'cs@staff.test');
    typeInto('employee-password', 'Staff#2026x');
    typeInto('employee-firstName', 'Sam');
    typeInto('employee-lastName', 'Service');
    await chooseOption('employee-roles', 'Customer service');
    fireEvent.click(screen.getByTestId('employee-save'));
    await waitFor(() => expect(callsOf(calls, employeeContracts.registerEmployee)).toHaveLength(1));
    expect(callsOf(calls, employeeContracts.registerEmployee)[0]?.body).toMatchObject({
      email: 'cs@staff.test',
      firstName: 'Sam',
      lastName: 'Service',
      roleIds: [3],
    });
    expect(await screen.findByText('Employee created')).toBeTruthy();
  });
});
