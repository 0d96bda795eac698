import * as apiKeysContracts from '@parcelport/shared/contracts/api-keys/index';
import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import * as webhookContracts from '@parcelport/shared/contracts/webhooks/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../api/webhooks';
import {
  callsOf,
  envelope,
  inEnglishWithToken,
  inputOf,
  on,
  sampleUser,
  stubFetch,
  testDataSwitch,
  typeInto,
  urlOf,
} from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('customer-token');

const erp: WebhookEndpoint = {
  id: 2,
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  eventTypes: ['label.created', 'tracking.updated'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretPrefix: 'whsec_Ab12Cd…',
  previousSecretValidUntil: null,
  failingSince: null,
  mode: 'live',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const broken: WebhookEndpoint = {
  ...erp,
  id: 1,
  url: 'https://old.example.com/hooks',
  description: '',
  enabled: false,
  disabledReason: 'failures',
  disabledAt: '2026-11-25T10:00:00.000Z',
  mode: 'test',
};
const failed: WebhookDelivery = {
  id: 40,
  eventId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  eventType: 'label.created',
  status: 'failed',
  attempts: 15,
  lastCode: 500,
  lastAt: '2026-11-25T09:00:00.000Z',
  nextAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYq=';

function stubPage(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(apiKeysContracts.listApiKeys)]: envelope(200, []),
    [on(configContracts.platformValues)]: envelope(200, {
      exchangeRate: '7.10',
      zoneQueryFee: '0.10',
      wrongSizePenalty: '5.00',
      payees: {},
      apiKeyCallsPerMinute: 600,
      label: { size: '4x6', units: 'lb/in', packageCode: 'package' },
    }),
    // As the server answers a signed-in merchant: the live endpoints, or the test ones alone when asked.
    [on(webhookContracts.listWebhookEndpoints)]: (call) =>
      envelope(200, new URL(call.url, 'http://x').searchParams.get('mode') === 'test' ? [broken] : [erp]),
    [on(webhookContracts.getTrackingWebhookKey)]: envelope(200, { secretPrefix: null, previousSecretValidUntil: null }),
    ...extra,
  });
}

describe('/settings/api webhooks', () => {
  it('lists the live endpoints under the API keys, with their events, their mode and whether they are on; Test data shows the test ones alone', async () => {
    const { calls } = stubPage();
    renderApp('/settings/api');
    const row = await screen.findByTestId('webhook-row-2');
    expect(within(row).getByTestId('webhook-url').textContent).toBe('https://erp.example.com/hooks');
    expect(within(row).getByTestId('webhook-state').textContent).toBe('On');
    expect(within(row).getByTestId('webhook-mode').textContent).toBe('Live');
    expect(row.textContent).toContain('tracking.updated');
    expect(screen.getByTestId('webhook-tracking-key').textContent).toContain('not made yet');
    // Live by default (the server's default for a signed-in session): nothing more asked, no banner.
    const listed = () => callsOf(calls, webhookContracts.listWebhookEndpoints).map((call) => call.url);
    expect(listed()).toEqual([urlOf(webhookContracts.listWebhookEndpoints)]);
    expect(screen.queryByTestId('webhook-row-1')).toBeNull();
    const toggle = testDataSwitch('webhooks');
    fireEvent.click(toggle);
    const testRow = await screen.findByTestId('webhook-row-1');
    expect(listed().at(-1)).toBe(`${urlOf(webhookContracts.listWebhookEndpoints)}?mode=test`);
    expect(within(testRow).getByTestId('webhook-mode').textContent).toBe('Test');
    expect(within(testRow).getByTestId('webhook-state').textContent).toBe('Off after failures');
    expect(screen.queryByTestId('webhook-row-2')).toBeNull();
    expect(screen.getByTestId('webhooks-test-banner').textContent).toBe(
      'You are viewing test data: test webhook endpoints only, which hear of test-mode events alone. Turn off Test data to see your live endpoints.',
    );
    // A new endpoint made while viewing test data is a test one unless unticked.
    fireEvent.click(screen.getByTestId('webhook-new'));
    await screen.findByTestId('webhook-form-form');
    expect(inputOf('webhook-test-input').checked).toBe(true);

    fireEvent.click(toggle);
    await screen.findByTestId('webhook-row-2');
    expect(screen.queryByTestId('webhooks-test-banner')).toBeNull();
    expect(listed().at(-1)).toBe(urlOf(webhookContracts.listWebhookEndpoints));
  });

  it('adds an endpoint for the chosen events and shows its secret once', async () => {
    const made = { ...erp, id: 3, url: 'https://shop.example.com/in', eventTypes: ['label.created', 'bill.adjusted'] };
    const { calls } = stubPage({
      [on(webhookContracts.createWebhookEndpoint)]: envelope(200, { ...made, secret }),
    });
    renderApp('/settings/api');
    await screen.findByTestId('webhook-row-2');
    fireEvent.click(screen.getByTestId('webhook-new'));
    await screen.findByTestId('webhook-form-form');
    fireEvent.click(screen.getByTestId('webhook-form-save'));
    expect(await screen.findByText('Enter the endpoint URL')).toBeTruthy();
    typeInto('webhook-url-input', ' https://shop.example.com/in ');
    fireEvent.click(screen.getByTestId('webhook-event-bill.adjusted'));
    fireEvent.click(screen.getByTestId('webhook-form-save'));
    const shown = await screen.findByTestId('webhook-secret-value');
    expect((shown as HTMLInputElement).value).toBe(secret);
    expect(callsOf(calls, webhookContracts.createWebhookEndpoint)[0]?.body).toEqual({
      url: 'https://shop.example.com/in',
      description: '',
      eventTypes: ['label.created', 'bill.adjusted'],
      enabled: true,
      test: false,
    });
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(document.body.textContent).not.toContain(secret));
  });

  it('adds a test endpoint when Test endpoint is ticked; an endpoint being changed keeps its mode', async () => {
    const made = { ...erp, id: 3, url: 'https://sandbox.example.com/in', mode: 'test' as const };
    const { calls } = stubPage({
      [on(webhookContracts.createWebhookEndpoint)]: envelope(200, { ...made, secret }),
    });
    renderApp('/settings/api');
    await screen.findByTestId('webhook-row-2');
    fireEvent.click(screen.getByTestId('webhook-new'));
    await screen.findByTestId('webhook-form-form');
    expect(screen.getByTestId('webhook-form-form').textContent).toContain('A test endpoint hears only of test labels');
    typeInto('webhook-url-input', 'https://sandbox.example.com/in');
    fireEvent.click(screen.getByTestId('webhook-test-input'));
    fireEvent.click(screen.getByTestId('webhook-form-save'));
    await screen.findByTestId('webhook-secret-value');
    expect(callsOf(calls, webhookContracts.createWebhookEndpoint)[0]?.body).toMatchObject({
      url: 'https://sandbox.example.com/in',
      test: true,
    });
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    fireEvent.click(within(screen.getByTestId('webhook-row-2')).getByTestId('webhook-edit'));
    await screen.findByTestId('webhook-form-form');
    expect(screen.queryByTestId('webhook-test-input')).toBeNull();
  });

  it('opens the delivery log, shows an attempt, replays one delivery and sends a test event', async () => {
    const { calls } = stubPage({
      [on(webhookContracts.listWebhookDeliveries, { id: 2 })]: envelope(200, [failed]),
      [on(webhookContracts.getWebhookDelivery, { id: 2, deliveryId: 40 })]: envelope(200, {
        ...failed,
        body: '{"type":"label.created"}',
        attemptsLog: [
          { attempt: 15, trigger: 'auto', at: failed.lastAt, statusCode: 500, durationMs: 42, error: null },
        ],
      }),
      [on(webhookContracts.replayWebhookDelivery, { id: 2, deliveryId: 40 })]: envelope(200, {
        ...failed,
        status: 'pending',
      }),
      [on(webhookContracts.sendWebhookTestEvent, { id: 2 })]: envelope(200, { ...failed, id: 41, status: 'pending' }),
    });
    renderApp('/settings/api');
    const row = await screen.findByTestId('webhook-row-2');
    fireEvent.click(within(row).getByTestId('webhook-open-log'));
    const delivery = await screen.findByTestId('webhook-delivery-row-40');
    expect(within(delivery).getByTestId('webhook-delivery-status').textContent).toBe('Failed');
    fireEvent.click(within(delivery).getByRole('button', { name: /expand/i }));
    const detail = await screen.findByTestId('webhook-delivery-detail-40');
    expect(within(detail).getByTestId('webhook-delivery-body').textContent).toBe('{"type":"label.created"}');
    expect(within(detail).getByTestId('webhook-attempt-code').textContent).toBe('500');

    fireEvent.click(within(delivery).getByTestId('webhook-replay'));
    expect((await screen.findByTestId('webhook-log-done')).textContent).toBe('Queued again: 1');
    expect(callsOf(calls, webhookContracts.replayWebhookDelivery, { id: 2, deliveryId: 40 })).toHaveLength(1);

    fireEvent.click(screen.getByTestId('webhook-send-test'));
    await waitFor(() => expect(callsOf(calls, webhookContracts.sendWebhookTestEvent, { id: 2 })).toHaveLength(1));
    expect(callsOf(calls, webhookContracts.sendWebhookTestEvent, { id: 2 })[0]?.body).toEqual({
      eventType: 'label.created',
    });
  });

  it('pages back through the log: older deliveries load below the newest 50', async () => {
    const page = Array.from({ length: 50 }, (_, index) => ({ ...failed, id: 200 - index }));
    const { calls } = stubPage({
      [on(webhookContracts.listWebhookDeliveries, { id: 2 })]: [
        envelope(200, page),
        envelope(200, [{ ...failed, id: 12 }]),
      ],
    });
    renderApp('/settings/api');
    const row = await screen.findByTestId('webhook-row-2');
    fireEvent.click(within(row).getByTestId('webhook-open-log'));
    await screen.findByTestId('webhook-delivery-row-151');
    fireEvent.click(screen.getByTestId('webhook-log-older'));
    await screen.findByTestId('webhook-delivery-row-12');
    const asked = callsOf(calls, webhookContracts.listWebhookDeliveries, { id: 2 });
    expect(asked.at(-1)?.url).toContain('before=151');
    await waitFor(() => expect(screen.queryByTestId('webhook-log-older')).toBeNull());
  });
});
