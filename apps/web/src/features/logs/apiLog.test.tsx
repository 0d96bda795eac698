import * as apiLogContracts from '@parcelport/shared/contracts/api-log/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  chooseOption,
  envelope,
  inEnglishWithToken,
  on,
  type StubbedCall,
  stubFetch,
  testDataSwitch,
  typeInto,
} from '../../test/helpers';
import { maintenanceAdmin } from '../../test/maintenanceFixtures';
import { renderApp } from '../../test/render';

const channel = (id: number, name: string) => ({
  id,
  name,
  platformCode: 'easypost',
  carrierCode: 'USPS',
  status: 1,
  settings: {},
  health: { pausedUntil: null, failures: 0, authFailedAt: null, authError: '' },
  webhookUrl: null,
  isDemo: false,
  autoAllot: false,
  sort: 0,
  users: 0,
  services: [],
});

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 31,
  channelId: 4,
  channelName: 'EasyPost USPS',
  operation: 'purchase',
  orderNo: 'PP100',
  method: 'POST',
  url: 'https://api.easypost.test/v2/shipments/shp_1/buy',
  httpStatus: 422,
  durationMs: 312,
  outcome: 'badRequest',
  errorMessage: 'Invalid ZIP',
  mode: 'live',
  time: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

const page = (list: unknown[]) => envelope(200, { list, total: list.length, page: 1, pageSize: 50 });
const query = (call: StubbedCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

inEnglishWithToken('admin-token');

function stub(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, maintenanceAdmin),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.allChannels)]: envelope(200, [channel(4, 'EasyPost USPS'), channel(5, 'ShipEngine UPS')]),
    ...extra,
  });
}

describe('API log (/maintenance/apiLog)', () => {
  it('lists the live calls with their mode, filters them by channel, operation, outcome and order; Test data shows the test ones alone', async () => {
    const testRow = row({
      id: 30,
      operation: 'rate',
      httpStatus: 200,
      outcome: 'ok',
      errorMessage: null,
      mode: 'test',
    });
    const { calls } = stub({
      // As the server answers a signed-in session: the live calls, or the test ones alone when asked.
      [on(apiLogContracts.listApiLogs)]: (call) => page(query(call).mode === 'test' ? [testRow] : [row()]),
    });
    renderApp('/maintenance/apiLog');
    const first = await screen.findByTestId('api-log-row-31');
    expect(within(first).getByText('EasyPost USPS')).toBeTruthy();
    expect(within(first).getByText('Place order')).toBeTruthy();
    expect(within(first).getByText('422')).toBeTruthy();
    expect(within(first).getByText('312 ms')).toBeTruthy();
    expect(within(first).getByTestId('api-log-outcome-tag').textContent).toBe('Refused');
    expect(within(first).getByTestId('api-log-mode').textContent).toBe('Live');
    const listed = () => callsOf(calls, apiLogContracts.listApiLogs).map((call) => query(call));
    // Live by default (the server's default for a signed-in session): no mode asked, no banner, and the mode is
    // the switch's alone, not a filter beside it.
    expect(listed()).toEqual([{ page: '1', pageSize: '50' }]);
    expect(screen.queryByTestId('api-log-mode-filter')).toBeNull();
    const toggle = testDataSwitch('api-log');
    fireEvent.click(toggle);
    const test = await screen.findByTestId('api-log-row-30');
    expect(listed().at(-1)).toEqual({ mode: 'test', page: '1', pageSize: '50' });
    expect(within(test).getByTestId('api-log-mode').textContent).toBe('Test');
    expect(within(test).getByTestId('api-log-outcome-tag').textContent).toBe('OK');
    expect(screen.queryByTestId('api-log-row-31')).toBeNull();
    expect(screen.getByTestId('api-log-test-banner').textContent).toBe(
      "You are viewing test data: calls made for test labels only, with the carriers' test credentials. Turn off Test data to see the live calls.",
    );

    // The filters keep to the mode the switch chose.
    await chooseOption('api-log-channel', 'EasyPost USPS');
    await chooseOption('api-log-operation', 'Place order');
    await chooseOption('api-log-outcome', 'Refused');
    typeInto('api-log-order-no', ' PP100 ');
    fireEvent.click(screen.getByTestId('filter-submit'));
    await waitFor(() =>
      expect(listed().at(-1)).toEqual({
        channelId: '4',
        operation: 'purchase',
        outcome: 'badRequest',
        orderNo: 'PP100',
        mode: 'test',
        page: '1',
        pageSize: '50',
      }),
    );

    // Off again: the live calls under the same filters, and no banner.
    fireEvent.click(toggle);
    await screen.findByTestId('api-log-row-31');
    expect(listed().at(-1)).toEqual({
      channelId: '4',
      operation: 'purchase',
      outcome: 'badRequest',
      orderNo: 'PP100',
      page: '1',
      pageSize: '50',
    });
    expect(screen.queryByTestId('api-log-test-banner')).toBeNull();
    expect(screen.queryByTestId('api-log-row-30')).toBeNull();
  });

  it('opens a call in a drawer with the request and the answer as formatted JSON', async () => {
    stub({
      [on(apiLogContracts.listApiLogs)]: page([row()]),
      [on(apiLogContracts.apiLogEntry, { id: 31 })]: envelope(200, {
        ...row(),
        requestHeaders: '{"authorization":"[redacted]"}',
        requestBody: '{"rate":{"id":"rate_1"}}',
        responseBody: '{"error":{"message":"Invalid ZIP"}}',
      }),
    });
    renderApp('/maintenance/apiLog');
    fireEvent.click(await screen.findByTestId('api-log-row-31'));
    const detail = await screen.findByTestId('api-log-request-body');
    expect(detail.textContent).toBe('{\n  "rate": {\n    "id": "rate_1"\n  }\n}');
    expect(screen.getByTestId('api-log-request-headers').textContent).toBe('{\n  "authorization": "[redacted]"\n}');
    expect(screen.getByTestId('api-log-response-body').textContent).toBe(
      '{\n  "error": {\n    "message": "Invalid ZIP"\n  }\n}',
    );
    expect(within(screen.getByTestId('api-log-detail')).getByText('Invalid ZIP')).toBeTruthy();
    expect(screen.getByTestId('api-log-detail-mode').textContent).toBe('Live');
  });

  it('shows a document answer as its note', async () => {
    stub({
      [on(apiLogContracts.listApiLogs)]: page([row({ id: 32, outcome: 'ok', httpStatus: 200, errorMessage: null })]),
      [on(apiLogContracts.apiLogEntry, { id: 32 })]: envelope(200, {
        ...row({ id: 32, outcome: 'ok', httpStatus: 200, errorMessage: null }),
        requestHeaders: '{}',
        requestBody: null,
        responseBody: '[48213 bytes application/pdf]',
      }),
    });
    renderApp('/maintenance/apiLog');
    fireEvent.click(await screen.findByTestId('api-log-row-32'));
    expect((await screen.findByTestId('api-log-response-body')).textContent).toBe('[48213 bytes application/pdf]');
    expect(screen.getByTestId('api-log-request-body').textContent).toBe('None');
  });
});
