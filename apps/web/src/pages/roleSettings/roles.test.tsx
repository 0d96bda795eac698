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
  },
  {
    id: 9,
    code: 'desk',
    name: 'Waybill desk',
    description: '',
    builtIn: false,
    resources: ['menuSystem', 'orderList'],
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
