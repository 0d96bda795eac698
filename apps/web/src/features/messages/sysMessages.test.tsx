import * as auditContracts from '@parcelport/shared/contracts/audit/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as sysContracts from '@parcelport/shared/contracts/sys-messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

/** The system messages centre, the staff's message screen and the user log (issue 13), stubbed by contract. */

const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  kind: 'staff',
  role: ['menuSystem', 'adminSysMessageList', 'appSysMessageList', 'adminChannel', 'adminList'],
  roleCodes: ['administrator'],
});

inEnglishWithToken('admin-token');

const stub = (extra: Parameters<typeof stubFetch>[0]) =>
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, admin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    ...extra,
  });

describe('system messages centre', () => {
  it('opens an unread message and marks it read; marks all read', async () => {
    const { calls } = stub({
      [on(sysContracts.listMySysMessages)]: envelope(200, {
        list: [
          {
            id: 5,
            title: 'Holiday cut-off',
            content: 'Last pickup on the 23rd.',
            read: false,
            createdAt: '2026-11-20T08:00:00.000Z',
          },
          {
            id: 4,
            title: 'New carrier',
            content: 'USPS direct is live.',
            read: true,
            createdAt: '2026-11-10T08:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 50,
        unread: 1,
      }),
      [on(sysContracts.markSysMessagesRead)]: envelope(200, { marked: 1 }),
    });
    renderApp('/sys/center');
    const unread = await screen.findByTestId('sys-message-5');
    expect(within(unread).getByTestId('sys-message-unread')).toBeTruthy();
    expect(within(screen.getByTestId('sys-message-4')).queryByTestId('sys-message-unread')).toBeNull();
    fireEvent.click(unread);
    expect((await screen.findByTestId('sys-message-content')).textContent).toBe('Last pickup on the 23rd.');
    await waitFor(() => expect(callsOf(calls, sysContracts.markSysMessagesRead)[0]?.body).toEqual({ ids: [5] }));
    fireEvent.click(screen.getByTestId('sys-center-read-all'));
    await waitFor(() => expect(callsOf(calls, sysContracts.markSysMessagesRead)[1]?.body).toEqual({ ids: [] }));
  });
});

describe('message management', () => {
  it('sends a message to every merchant and deletes a sent one', async () => {
    const sent = {
      id: 9,
      title: 'Rates change',
      content: 'New rates from Monday.',
      audience: 'customers',
      userIds: [],
      author: 'admin@example.com',
      readCount: 3,
      createdAt: '2026-11-20T08:00:00.000Z',
    };
    const { calls } = stub({
      [on(sysContracts.listSentSysMessages)]: envelope(200, { list: [sent], total: 1, page: 1, pageSize: 50 }),
      [on(sysContracts.createSysMessage)]: envelope(200, { id: 10 }),
      [on(sysContracts.deleteSysMessages)]: envelope(200, { deleted: 1 }),
    });
    renderApp('/adminSettings/msgConfig');
    const row = await screen.findByTestId('msg-row-9');
    expect(row.textContent).toContain('Every merchant');
    fireEvent.click(screen.getByTestId('msg-new'));
    fireEvent.click(await screen.findByTestId('msg-send'));
    // Both fields' messages: antd shows each as its field's check ends, not at once.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    typeInto('msg-title', 'Closed on Friday');
    typeInto('msg-content', 'No pickups this Friday.');
    fireEvent.click(screen.getByTestId('msg-send'));
    await waitFor(() => expect(callsOf(calls, sysContracts.createSysMessage)).toHaveLength(1));
    expect(callsOf(calls, sysContracts.createSysMessage)[0]?.body).toEqual({
      title: 'Closed on Friday',
      content: 'No pickups this Friday.',
      audience: 'all',
      userIds: [],
    });

    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('msg-delete'));
    fireEvent.click(await screen.findByTestId('popconfirm-ok'));
    await waitFor(() => expect(callsOf(calls, sysContracts.deleteSysMessages)[0]?.body).toEqual({ ids: [9] }));
  });
});

describe('user log', () => {
  it('lists changing calls with who made them and filters by path', async () => {
    const { calls } = stub({
      [on(auditContracts.listUserLogs)]: envelope(200, {
        list: [
          {
            id: 77,
            actorId: 1,
            actor: 'admin@example.com',
            subjectId: 12,
            subject: 'shop@example.com',
            method: 'POST',
            path: '/api/admin/updateStatus/12',
            statusCode: 200,
            ip: '10.0.0.5',
            actingAs: false,
            time: '2026-11-20T08:00:00.000Z',
          },
          {
            id: 78,
            actorId: 1,
            actor: 'admin@example.com',
            subjectId: 12,
            subject: 'shop@example.com',
            method: 'POST',
            path: '/api/user/messages/read',
            statusCode: 200,
            ip: '10.0.0.5',
            actingAs: true,
            time: '2026-11-20T08:01:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/maintenance/userLogs');
    const row = await screen.findByTestId('user-log-77');
    expect(row.textContent).toContain('admin@example.com');
    expect(row.textContent).toContain('shop@example.com');
    expect(row.textContent).toContain('POST /api/admin/updateStatus/12');
    // Only the call made while signed in as the customer is marked as acting as it.
    expect(within(row).queryByTestId('user-log-acting')).toBeNull();
    expect(within(screen.getByTestId('user-log-78')).getByTestId('user-log-acting').textContent).toBe('acting as');
    typeInto('user-logs-path', '/api/admin/updateStatus');
    fireEvent.click(screen.getByTestId('user-logs-search'));
    await waitFor(() =>
      expect(callsOf(calls, auditContracts.listUserLogs).at(-1)?.url).toContain('path=%2Fapi%2Fadmin%2FupdateStatus'),
    );
  });
});
