import * as accessContracts from '@parcelport/shared/contracts/access/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

/** Role and resource management (issue 13), stubbed by contract. */

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  kind: 'staff',
  role: ['menuSystem', 'resourceManagement', 'adminRoleList', 'resourceList'],
  roleCodes: ['administrator'],
});
const ROLES = [
  {
    id: 2,
    code: 'administrator',
    name: 'administrator',
    description: '',
    builtIn: true,
    resources: ['menuSystem', 'orderList'],
    holders: 1,
  },
  {
    id: 9,
    code: 'desk',
    name: 'Waybill desk',
    description: '',
    builtIn: false,
    resources: ['menuSystem', 'orderList'],
    holders: 2,
  },
];

inEnglishWithToken('admin-token');

const stub = (extra: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, admin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(accessContracts.listRoles)]: envelope(200, ROLES),
    ...extra,
  });

describe('roles', () => {
  it('makes a role from two resource codes; a built-in role’s codes cannot be changed', async () => {
    const { calls } = stub({
      [on(accessContracts.createRole)]: envelope(200, { ...ROLES[1], id: 10, code: 'helpdesk' }),
    });
    renderApp('/roleSettings/roleManagement');
    const builtIn = await screen.findByTestId('role-row-administrator');
    expect(within(builtIn).queryByTestId('role-action-delete')).toBeNull();
    fireEvent.click(within(builtIn).getByTestId('role-action-edit'));
    // antd puts the test id on the checkbox's input.
    await waitFor(() =>
      expect((screen.getByTestId('role-resource-orderList') as HTMLInputElement).disabled).toBe(true),
    );
    expect((screen.getByTestId('role-resource-orderList') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getAllByText('Cancel').at(-1) as HTMLElement);

    fireEvent.click(screen.getByTestId('role-new'));
    typeInto('role-code', 'Help desk');
    typeInto('role-name', 'Help desk');
    fireEvent.click(screen.getByTestId('role-resource-menuSystem'));
    fireEvent.click(screen.getByTestId('role-resource-adminQuestionList'));
    fireEvent.click(screen.getByTestId('role-save'));
    expect(await screen.findByText(/A role code is 2-40 letters/)).toBeTruthy();
    typeInto('role-code', 'helpdesk');
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(callsOf(calls, accessContracts.createRole)).toHaveLength(1));
    expect(callsOf(calls, accessContracts.createRole)[0]?.body).toEqual({
      code: 'helpdesk',
      name: 'Help desk',
      description: '',
      resources: ['menuSystem', 'adminQuestionList'],
    });
  });

  it('counts each role’s holders and lists them in a drawer, a deleted account marked', async () => {
    const { calls } = stub({
      [on(accessContracts.listRoleHolders, { id: 9 })]: envelope(200, {
        list: [
          { id: 31, username: 'clerk@staff.test', name: 'Clerk One', kind: 'staff', status: 1, deleted: false },
          { id: 32, username: 'gone@staff.test', name: 'Clerk Two', kind: 'staff', status: 2, deleted: true },
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/roleSettings/roleManagement');
    const desk = await screen.findByTestId('role-row-desk');
    const count = within(desk).getByTestId('role-holders');
    expect(count.textContent).toBe('2');
    fireEvent.click(count);
    expect(await screen.findByText('Who holds Waybill desk')).toBeTruthy();
    const gone = await screen.findByTestId('role-holder-gone@staff.test');
    expect(gone.textContent).toContain('deleted');
    expect(gone.textContent).toContain('Employee');
    expect(screen.getByTestId('role-holder-clerk@staff.test').textContent).not.toContain('deleted');
    expect(callsOf(calls, accessContracts.listRoleHolders, { id: 9 })[0]?.url).toContain('?page=1&pageSize=50');
  });

  it('lists the resources with the screens they open, grouped by category', async () => {
    stub({
      [on(accessContracts.listResources)]: envelope(200, [
        {
          code: 'orderList',
          category: 'admin',
          routes: [{ name: 'adminAllWaybills', path: '/adminSettings/allWaybills' }],
          roles: ['administrator'],
        },
        {
          code: 'templateAdd',
          category: 'customer',
          routes: [{ name: 'packageTemplate', path: '/settings/packageTemplate' }],
          roles: ['customer'],
        },
      ]),
    });
    renderApp('/roleSettings/resourceCategory');
    const row = await screen.findByTestId('resource-row-orderList');
    expect(row.textContent).toContain('/adminSettings/allWaybills');
    expect(row.textContent).toContain('Waybills');
    expect(screen.getByTestId('resource-category-page')).toBeTruthy();
  });
});
