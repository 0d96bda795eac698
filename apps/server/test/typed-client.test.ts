/**
 * Issue 31: the typed client (packages/client) is generated from this server's OpenAPI document, and its
 * example buys a label with an idempotency key against a real server listening on a port, and verifies a
 * webhook delivery the way the Standard Webhooks specification signs one: the specification's published
 * example, and a delivery this server really sent to a local receiver.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buyLabel, receiveWebhook } from '../../../packages/client/examples/buy-label.ts';
import { SCHEMA_FILE, schemaText } from '../../../packages/client/scripts/schema-text.ts';
import { parcelPortClient, verifyWebhook, WebhookVerificationError } from '../../../packages/client/src/index.ts';
import {
  ADMIN,
  buyLabel as buyTestLabel,
  call,
  createActiveCustomer,
  expectEnvelope,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';
import { ALLOWED, receiver } from './webhook-receiver.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await startApp({ webhookAllowedHosts: [ALLOWED], jobPollMs: 20 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

describe('the typed client', () => {
  test("its types are the ones this server's OpenAPI document generates (npm run generate -w packages/client)", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(await schemaText(doc)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });

  test('its example buys a label over HTTP with an API key; a retry under the same key is replayed and charged once', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const merchant = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: merchant.id, currency: 'USD', amount: '100.00', remark: 'client example' },
    });
    const made = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'client example', areas: ['orders', 'labels'] },
    });
    const client = parcelPortClient({ baseUrl, apiKey: expectEnvelope(made, 200).data.key, language: 'en-US' });
    const shipment = { from, to, parcel: { length: 10, width: 8, height: 4, weight: 2 } };

    const first = await buyLabel(client, shipment, 'example-purchase-1');
    expect(first.replayed).toBe(false);
    expect(first.order.status).toBe(1);
    expect(first.order.tackNo).toMatch(/\w{8,}/);
    const ledger = () => t.ctx.db.selectFrom('balance_logs').select('id').where('user_id', '=', merchant.id).execute();
    const charged = (await ledger()).length;

    // The same key again with the same purchase: the first answer, replayed, and no second charge.
    const again = await client.POST('/api/app/order/label/create', {
      params: { header: { 'Idempotency-Key': 'example-purchase-1' } },
      body: { orderId: first.order.orderId, serviceId: first.order.serviceId as number },
    });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.data).toEqual(first.order);
    expect((await ledger()).length).toBe(charged);

    // An error answer comes back typed as the envelope: the key is limited to orders and labels.
    const funds = await client.GET('/api/app/balance/log/list', { params: { query: { page: '1', pageSize: '50' } } });
    expect(funds.response.status).toBe(403);
    expect(funds.error).toMatchObject({ code: 403, message: 'This API key may not call the funds area' });
  });

  test("its webhook verifier accepts the Standard Webhooks specification's published example and refuses tampering", () => {
    // The specification's test vector: this secret, id, timestamp and body sign to this signature.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const signature = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
    const signedAt = 1614265330;
    const headers = (signatures = signature) =>
      new Headers({
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'webhook-timestamp': String(signedAt),
        'webhook-signature': signatures,
      });
    const verify =
      (overrides: { headers?: Headers; body?: string; secret?: string; nowSeconds?: number } = {}) =>
      () =>
        verifyWebhook({ secret, headers: headers(), body, nowSeconds: signedAt + 10, ...overrides });
    expect(verify()()).toEqual({ test: 2432232314 });
    // Several signatures while a secret is rotated: one matching is enough.
    expect(verify({ headers: headers(`v1,AAAA ${signature}`) })()).toEqual({ test: 2432232314 });
    expect(verify({ body: '{"test": 2432232315}' })).toThrow(WebhookVerificationError);
    expect(verify({ secret: 'whsec_c2VjcmV0LW9mLWEtcm90YXRlZC1lbmRwb2ludA==' })).toThrow('no signature matches');
    expect(verify({ headers: headers(signature.replace('v1,', 'v2,')) })).toThrow('no signature matches');
    expect(verify({ nowSeconds: signedAt + 301 })).toThrow('outside the tolerance');
    expect(verify({ headers: new Headers({ 'webhook-id': 'msg_1' }) })).toThrow('missing webhook-timestamp header');
    // The example's handler checks against the clock: the vector, five years old, is refused as a replay.
    expect(() => receiveWebhook(secret, headers(), body)).toThrow('outside the tolerance');
  });

  test('its webhook handler accepts a delivery this server sent, and refuses it tampered with', async () => {
    const target = await receiver();
    try {
      const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      const merchant = await createActiveCustomer(t, admin);
      const made = await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/webhooks/endpoints',
        payload: { url: target.url, eventTypes: ['label.created'], test: true },
      });
      const { secret } = expectEnvelope(made, 200).data as { secret: string };
      const { orderId, tracking } = await buyTestLabel(t.app, merchant.token, true);
      await vi.waitFor(() => expect(target.received.length).toBeGreaterThanOrEqual(1), {
        timeout: 20_000,
        interval: 50,
      });
      const [delivery] = target.received;
      const headers = new Headers();
      for (const [name, value] of Object.entries(delivery?.headers ?? {}))
        if (typeof value === 'string') headers.set(name, value);
      const event = receiveWebhook(secret, headers, delivery?.body ?? '');
      expect(event).toMatchObject({ type: 'label.created', data: { orderId, trackingNo: tracking } });
      // The same delivery with its body changed, or checked against another endpoint's secret, is refused.
      const tampered = (delivery?.body ?? '').replace(String(orderId), String(orderId + 1));
      expect(tampered).not.toBe(delivery?.body);
      expect(() => receiveWebhook(secret, headers, tampered)).toThrow(WebhookVerificationError);
      expect(() =>
        receiveWebhook('whsec_c2VjcmV0LW9mLWEtcm90YXRlZC1lbmRwb2ludA==', headers, delivery?.body ?? ''),
      ).toThrow('no signature matches');
    } finally {
      await target.close();
    }
  }, 60_000);
});
