import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as sysContracts from '@parcelport/shared/contracts/sys-messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch } from '../test/helpers';
import { renderApp } from '../test/render';

/** The work waiting for staff in the message box's To-do tab, and the bell counting as /sys/center does. */

const staff = sampleUser({
  id: 2,
  username: 'ops@example.com',
  kind: 'staff',
  role: ['menuSystem', 'adminList', 'adminRechargeList', 'appSysMessageList'],
  roleCodes: ['finance'],
});
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;
const waiting = [
  { kind: 'registration', count: 3, oldest: ago(2 * 24 * HOUR + HOUR), path: '/adminSettings/userManagement' },
  { kind: 'recharge', count: 1, oldest: ago(3 * HOUR + 60_000), path: '/adminSettings/customer/userRechargeRecords' },
];

inEnglishWithToken('staff-token');

const stub = (extra: Parameters<typeof stubFetch>[0] = {}) =>
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, staff),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(messagesContracts.listTodos)]: envelope(200, waiting),
    [on(sysContracts.listMySysMessages)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50, unread: 0 }),
    ...extra,
  });

describe('to-do', () => {
  it('the bell counts the waiting work; the To-do tab lists each kind with its age, linking to its screen', async () => {
    const { calls } = stub();
    const { router } = renderApp('/dashboard/workplace');
    await waitFor(() => expect(screen.getByTestId('message-box-badge').textContent).toContain('4'));
    const asked = callsOf(calls, messagesContracts.listTodos).length;

    fireEvent.click(screen.getByTestId('navbar-alerts'));
    const box = await screen.findByTestId('message-box');
    // Opening the box asks again, and opens on the To-do tab, where the work waits.
    await waitFor(() => expect(callsOf(calls, messagesContracts.listTodos).length).toBeGreaterThan(asked));
    await waitFor(() => expect(within(box).getByRole('tab', { selected: true }).textContent).toContain('To-do (4)'));
    const registrations = within(box).getByTestId('todo-registration');
    expect(registrations.textContent).toBe('3 registrations to activate · oldest 2 days');
    expect(within(registrations).getByRole('link').getAttribute('href')).toBe('/adminSettings/userManagement');
    expect(within(box).getByTestId('todo-recharge').textContent).toBe('1 recharge to approve · oldest 3 hours');

    fireEvent.click(within(registrations).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminSettings/userManagement'));
  });

  it('says the same in Chinese', async () => {
    await changeLocale('zh-CN');
    try {
      stub();
      renderApp('/dashboard/workplace');
      await waitFor(() => expect(screen.getByTestId('message-box-badge').textContent).toContain('4'));
      fireEvent.click(screen.getByTestId('navbar-alerts'));
      const box = await screen.findByTestId('message-box');
      expect((await within(box).findByTestId('todo-registration')).textContent).toBe('3 个注册待激活 · 最早已等 2 天');
    } finally {
      await changeLocale('en-US');
    }
  });

  it('the bell counts what the system messages page counts: unread messages, system messages and waiting work', async () => {
    // Two unread in the message box and no system message: the bell said 2 beside "No messages".
    stub({
      [on(messagesContracts.listMessages)]: envelope(200, [
        { id: 1, type: 'message', title: 'Top-up approved', content: '$100', status: 0, time: ago(HOUR) },
        { id: 2, type: 'notice', title: 'Maintenance', content: 'Sunday', status: 0, time: ago(HOUR) },
      ]),
    });
    renderApp('/sys/center');
    const attention = await screen.findByTestId('sys-center-attention');
    await waitFor(() => expect(within(attention).getByTestId('sys-center-total').textContent).toContain('6'));
    expect(screen.getByTestId('message-box-badge').textContent).toContain('6');
    expect(attention.textContent).toContain('2 unread in the message box');
    expect(within(attention).getByTestId('todo-registration').textContent).toContain('3 registrations to activate');
  });
});
