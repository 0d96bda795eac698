import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as teamContracts from '@parcelport/shared/contracts/team/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../../locales/catalogue';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';
import { CHANGE_NAMES, changeNameKey } from './changeNames';

inEnglishWithToken('customer-token');

const CUSTOMER_CODES = ['rechargePage', 'appRechargeList', 'appBalanceList', 'appPostageList', 'appSysMessageList'];
const owner = sampleUser({ role: CUSTOMER_CODES, resources: CUSTOMER_CODES.map((code) => ({ code })), member: null });
const member = sampleUser({
  role: CUSTOMER_CODES,
  resources: CUSTOMER_CODES.map((code) => ({ code })),
  member: { id: 30, username: 'mia@team.test', name: 'Mia Member', permissions: ['buy'] },
  balance: '',
  wallets: [],
});

const mia = {
  id: 4,
  email: 'mia@team.test',
  name: 'Mia Member',
  permissions: ['buy'],
  status: 'active',
  invitedAt: '2026-11-20T10:00:00.000Z',
  acceptedAt: '2026-11-20T11:00:00.000Z',
};

function stub(user: object, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, user),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    ...extra,
  });
}

describe('/settings/members', () => {
  it('lists the members and invites one with the permissions ticked', async () => {
    const invited = { ...mia, id: 5, email: 'sam@team.test', name: '', status: 'invited', acceptedAt: null };
    const { calls } = stub(owner, {
      [on(teamContracts.listMembers)]: [envelope(200, [mia]), envelope(200, [mia, invited])],
      [on(teamContracts.inviteMember)]: envelope(200, invited),
    });
    renderApp('/settings/members');
    const table = await screen.findByTestId('members-table');
    expect((await within(table).findByText('mia@team.test')).closest('tr')?.textContent).toContain('Buy labels');
    expect(screen.getByTestId('menu-item-settings')).toBeTruthy();

    fireEvent.click(screen.getByTestId('member-invite'));
    typeInto('member-email', 'sam@team.test');
    fireEvent.click(await screen.findByTestId('member-permission-buy'));
    fireEvent.click(screen.getByTestId('member-save'));
    await screen.findByTestId('member-invited');
    expect(callsOf(calls, teamContracts.inviteMember)[0]?.body).toEqual({
      email: 'sam@team.test',
      permissions: ['buy'],
    });
    expect(await within(table).findByText('sam@team.test')).toBeTruthy();
    expect(screen.getByTestId('member-status-invited').textContent).toBe('Invited');
    // An invitation not yet accepted can be sent again; an active member's cannot.
    expect(screen.getByTestId('member-resend-5')).toBeTruthy();
    expect(screen.queryByTestId('member-resend-4')).toBeNull();
  });

  it('shows the change history: who, what, and a settings change before and after', async () => {
    stub(owner, {
      [on(teamContracts.listChangeHistory)]: envelope(200, {
        list: [
          {
            id: 91,
            actorId: 7,
            actor: 'buyer@example.com',
            role: 'owner',
            method: 'PUT',
            path: '/api/app/team/members/4',
            statusCode: 200,
            before: { email: 'mia@team.test', permissions: ['buy', 'money'] },
            after: { email: 'mia@team.test', permissions: ['buy'] },
            time: '2026-11-21T09:00:00.000Z',
          },
          {
            id: 90,
            actorId: 30,
            actor: 'mia@team.test',
            role: 'member',
            method: 'POST',
            path: '/api/app/order/label/create',
            statusCode: 200,
            before: null,
            after: null,
            time: '2026-11-21T08:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    renderApp('/settings/changeHistory');
    const who = await screen.findAllByTestId('change-who');
    expect(who.map((cell) => cell.textContent)).toEqual(['buyer@example.com Owner', 'mia@team.test Member']);
    expect(screen.getAllByTestId('change-what')[1]?.textContent).toBe('POST /api/app/order/label/create');
    // Each call named as the merchant knows the act, ids and all.
    expect(screen.getAllByTestId('change-name').map((cell) => cell.textContent)).toEqual([
      "Changed a member's permissions",
      'Bought a label',
    ]);
    // Each field as the form labels it, the permissions by their names.
    expect(screen.getAllByTestId('change-before')[0]?.textContent).toBe(
      'E-mail: mia@team.testPermissions: Buy labels, See money',
    );
    expect(screen.getAllByTestId('change-after')[0]?.textContent).toBe('E-mail: mia@team.testPermissions: Buy labels');
    expect(screen.getAllByTestId('change-before')[1]?.textContent).toBe('—');
  });
});

describe('a team member', () => {
  it('without money sees no fund menus, and the fund records and the team send them elsewhere', async () => {
    const { calls } = stub(member, { [on(fundsContracts.listMyLedger)]: envelope(200, { list: [], total: 0 }) });
    const { router } = renderApp('/postage/fundDetails');
    await waitFor(() => expect(pathOf(router)).not.toBe('/postage/fundDetails'));
    expect(callsOf(calls, fundsContracts.listMyLedger)).toHaveLength(0);
    expect(await screen.findByTestId('menu-item-shipments')).toBeTruthy();
    expect(screen.queryByTestId('menu-item-postage')).toBeNull();
    const { router: again } = renderApp('/settings/members');
    await waitFor(() => expect(pathOf(again)).not.toBe('/settings/members'));
  });

  it('the owner sees the money menus', async () => {
    stub(owner, { [on(teamContracts.listMembers)]: envelope(200, []) });
    renderApp('/settings/members');
    await screen.findByTestId('members-page');
    expect(screen.getByTestId('menu-item-postage')).toBeTruthy();
  });
});

describe('/acceptInvitation', () => {
  it('sets the name and password with the link’s token and says whom to sign in as', async () => {
    const { calls } = stubFetch({
      [on(teamContracts.acceptInvitation)]: envelope(200, { username: 'mia@team.test' }),
    });
    renderApp('/acceptInvitation?token=tok123');
    await screen.findByTestId('invitation-first-name');
    typeInto('invitation-first-name', 'Mia');
    typeInto('invitation-password', 'Member#2026');
    typeInto('invitation-confirm-password', 'Member#2026');
    fireEvent.click(screen.getByTestId('invitation-submit'));
    await screen.findByTestId('invitation-accepted');
    expect(screen.getByText('Sign in as mia@team.test')).toBeTruthy();
    expect(callsOf(calls, teamContracts.acceptInvitation)[0]?.body).toMatchObject({
      token: 'tok123',
      firstName: 'Mia',
      password: 'Member#2026',
    });
  });

  it('shows the server’s words for a link that cannot be used', async () => {
    stubFetch({
      [on(teamContracts.acceptInvitation)]: envelope(400, {
        fields: { token: 'The invitation link is invalid or expired' },
      }),
    });
    renderApp('/acceptInvitation?token=old');
    await screen.findByTestId('invitation-first-name');
    typeInto('invitation-first-name', 'Mia');
    typeInto('invitation-password', 'Member#2026');
    typeInto('invitation-confirm-password', 'Member#2026');
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect((await screen.findByTestId('invitation-link-invalid')).textContent).toBe(
      'The invitation link is invalid or expired',
    );
  });
});

describe('the change history’s names', () => {
  it('names each call it knows in both languages, ids in any segment, and leaves the rest as the call', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const catalogue = catalogueOf(locale) as Record<string, string>;
      for (const name of CHANGE_NAMES)
        expect({ name, text: catalogue[`changeHistory.op.${name}`] }).toEqual({
          name,
          text: expect.stringMatching(/\S/),
        });
    }
    expect(changeNameKey('POST', '/api/app/workOrder/12/reply')).toBe('changeHistory.op.replyWorkOrder');
    expect(changeNameKey('PUT', '/api/app/rules/3/active')).toBe('changeHistory.op.switchRule');
    expect(changeNameKey('POST', '/api/app/something/new')).toBeNull();
  });
});
