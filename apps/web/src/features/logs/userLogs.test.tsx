import * as auditContracts from '@parcelport/shared/contracts/audit/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, type StubbedCall, stubFetch } from '../../test/helpers';
import { maintenanceAdmin, typeDay } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';

/** /maintenance/userLogs filtered by the days the calls were made in, the export with the same filters. */

const query = (call: StubbedCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

inEnglishWithToken('admin-token');

describe('user logs', () => {
  it('a date range narrows the list and the export to the calls made in those days', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(auditContracts.listUserLogs)]: envelope(200, { list: [], total: 0, page: 1, pageSize: 50 }),
      [on(auditContracts.exportUserLogs)]: new Response(new Blob(['xlsx']), {
        status: 200,
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    });
    renderApp('/maintenance/userLogs');
    await screen.findByTestId('user-logs-page');
    const [start, end] = screen.getAllByPlaceholderText(/date/i);
    typeDay(start as HTMLElement, '2026-03-01');
    typeDay(end as HTMLElement, '2026-03-02');
    fireEvent.change(screen.getByTestId('user-logs-path'), { target: { value: '/api/admin' } });
    fireEvent.click(screen.getByTestId('user-logs-search'));

    const ranged = () => callsOf(calls, auditContracts.listUserLogs).filter((call) => query(call).from);
    await waitFor(() => expect(ranged()).toHaveLength(1));
    const [from, to] = [query(ranged()[0] as StubbedCall).from, query(ranged()[0] as StubbedCall).to];
    // The first day's start to the day after the last, in the reader's time zone.
    expect(new Date(from as string).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(to as string).getTime()).toBe(new Date(2026, 2, 3).getTime());
    expect(query(ranged()[0] as StubbedCall).path).toBe('/api/admin');

    fireEvent.click(screen.getByTestId('user-logs-export'));
    await waitFor(() => expect(callsOf(calls, auditContracts.exportUserLogs)).toHaveLength(1));
    const down = query(callsOf(calls, auditContracts.exportUserLogs)[0] as StubbedCall);
    expect(down).toMatchObject({ from, to, path: '/api/admin' });
    expect(down.page).toBeUndefined();
  });

  it('names the mode of the API key a call was made with; a signed-in call has none', async () => {
    const row = {
      actorId: 7,
      actor: 'shop@example.com',
      subjectId: 7,
      subject: 'shop@example.com',
      method: 'POST',
      path: '/api/app/order/draft',
      statusCode: 200,
      ip: '203.0.113.5',
      actingAs: false,
      time: '2026-03-01T10:00:00.000Z',
    };
    stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(auditContracts.listUserLogs)]: envelope(200, {
        list: [
          { ...row, id: 3, keyMode: 'test' },
          { ...row, id: 2, keyMode: 'live' },
          { ...row, id: 1, keyMode: null },
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    });
    renderApp('/maintenance/userLogs');
    await waitFor(() => expect(screen.getAllByTestId('user-log-actor')).toHaveLength(3));
    expect(screen.getAllByTestId('user-log-key-mode').map((tag) => tag.textContent)).toEqual([
      'test API key',
      'live API key',
    ]);
  });
});
