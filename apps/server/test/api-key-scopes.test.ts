/** Issue 31: API keys limited to areas and to addresses, their last use, and rolling a key with an overlap. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  type Json,
  loginToken,
  makeApiKey,
  startApp,
  type TestApp,
} from './helpers.ts';

const address = (personName: string) => ({
  personName,
  countryCode: 'US',
  stateCode: 'CA',
  city: 'Beverly Hills',
  addressLine1: '1 Main St',
  zipCode: '90210',
});
const draft = {
  from: address('Sender'),
  to: address('Recipient'),
  parcels: [{ length: 6, width: 6, height: 6, weight: 1 }],
};
const HOUR = 3_600_000;

describe('scoped and rolled API keys', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => t.close());

  const makeKey = (token: string, payload: object) => makeApiKey(t.app, token, payload);
  const keys = async (token: string) =>
    expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/app/user/apiKey/list' }), 200).data as Json[];
  const from = (remoteAddress: string) => ({ remoteAddress });

  test('a key limited to areas calls those and is refused elsewhere with 403 apiKeyArea naming the area', async () => {
    const customer = await createActiveCustomer(t, admin);
    const labels = await makeKey(customer.token, { name: 'Labels only', areas: ['labels'] });
    expect(labels.areas).toEqual(['labels']);
    expectEnvelope(
      await call(t.app, labels.key, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: draft }),
      200,
    );
    const orders = await call(t.app, labels.key, { method: 'GET', url: '/api/app/order/orders' });
    const refused = expectEnvelope(orders, 403);
    expect(refused.message).toBe('This API key may not call the orders area');
    expect(refused.data).toEqual({ reason: 'apiKeyArea', area: 'orders' });
    const profile = await call(t.app, labels.key, { method: 'GET', url: '/api/user/info' });
    expect(expectEnvelope(profile, 403).data).toEqual({ reason: 'apiKeyArea', area: 'account' });

    const tracking = await makeKey(customer.token, { name: 'Tracking', areas: ['tracking', 'orders'] });
    expectEnvelope(await call(t.app, tracking.key, { method: 'GET', url: '/api/app/order/orders' }), 200);
    const quote = await call(t.app, tracking.key, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: draft,
    });
    expect(expectEnvelope(quote, 403).data).toEqual({ reason: 'apiKeyArea', area: 'labels' });
    expect((await keys(customer.token)).map((key) => [key.name, key.areas])).toEqual([
      ['Tracking', ['tracking', 'orders']],
      ['Labels only', ['labels']],
    ]);
    expectFieldError(
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: 'x', areas: [] },
      }),
      'areas',
    );
    expectFieldError(
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: 'x', areas: ['everything'] },
      }),
      'areas.0',
    );
  });

  test('a key with an IP allow-list answers from its addresses and blocks (IPv4 and IPv6) only, and shows its last use', async () => {
    const customer = await createActiveCustomer(t, admin);
    const office = await makeKey(customer.token, {
      name: 'Office',
      ips: ['203.0.113.0/24', '2001:db8::/32', '192.0.2.9'],
    });
    expect(office.ips).toEqual(['203.0.113.0/24', '2001:db8::/32', '192.0.2.9']);
    const info = (ip: string) => call(t.app, office.key, { method: 'GET', url: '/api/user/info', ...from(ip) });
    expectEnvelope(await info('203.0.113.77'), 200);
    expectEnvelope(await info('::ffff:203.0.113.8'), 200);
    expectEnvelope(await info('192.0.2.9'), 200);
    expectEnvelope(await info('2001:db8:1::5'), 200);
    const outside = expectEnvelope(await info('198.51.100.4'), 403);
    expect(outside.message).toBe('This API key may not be used from 198.51.100.4');
    expect(outside.data).toEqual({ reason: 'apiKeyAddress', ip: '198.51.100.4' });
    expectEnvelope(await info('2001:db9::1'), 403);
    expectEnvelope(await info('192.0.2.10'), 403);
    // The last call that got through is the one shown, with its address.
    const [listed] = await keys(customer.token);
    expect(listed).toMatchObject({ id: office.id, lastUsedIp: '2001:db8:1::5', lastUsedAt: expect.any(String) });

    for (const bad of ['203.0.113.0/33', '300.1.1.1', '2001:db8:::1', 'office', '10.0.0.0/8/8']) {
      expectFieldError(
        await call(t.app, customer.token, {
          method: 'POST',
          url: '/api/app/user/apiKey',
          payload: { name: 'x', ips: [bad] },
        }),
        'ips.0',
      );
    }
    // A key without a list answers from anywhere.
    const open = await makeKey(customer.token, { name: 'Anywhere' });
    expect(open.ips).toBeNull();
    expectEnvelope(await call(t.app, open.key, { method: 'GET', url: '/api/user/info', ...from('198.51.100.4') }), 200);
  });

  test('rolling a key: a new secret shown once with the same limits; the old one works through the overlap, then stops', async () => {
    const customer = await createActiveCustomer(t, admin);
    const old = await makeKey(customer.token, {
      name: 'Shop sync',
      expiresInDays: 90,
      readOnly: true,
      areas: ['orders'],
      ips: ['203.0.113.0/24'],
    });
    const roll = (id: number, payload: object) =>
      call(t.app, customer.token, { method: 'POST', url: `/api/app/user/apiKey/${id}/roll`, payload });
    expectFieldError(await roll(old.id, { overlapHours: 169 }), 'overlapHours');
    const rolled = expectEnvelope(await roll(old.id, { overlapHours: 2 }), 200).data;
    expect(rolled.key).not.toBe(old.key);
    expect(rolled).toMatchObject({
      name: 'Shop sync',
      readOnly: true,
      areas: ['orders'],
      ips: ['203.0.113.0/24'],
      expiresAt: old.expiresAt,
      rolledAt: null,
    });
    const listed = await keys(customer.token);
    expect(JSON.stringify(listed)).not.toContain(rolled.key);
    const before = listed.find((key) => key.id === old.id) as Json;
    expect(before.rolledAt).not.toBeNull();
    const left = Date.parse(before.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(1.9 * HOUR);
    expect(left).toBeLessThanOrEqual(2 * HOUR);
    const orders = (key: string) =>
      call(t.app, key, { method: 'GET', url: '/api/app/order/orders', ...from('203.0.113.1') });
    expectEnvelope(await orders(old.key), 200);
    expectEnvelope(await orders(rolled.key), 200);
    expect(expectEnvelope(await roll(old.id, {}), 409).message).toBe(
      'This API key has been rolled already; roll its successor instead',
    );
    // The overlap ends: the old secret stops, the new one goes on.
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', old.id)
      .execute();
    expectEnvelope(await orders(old.key), 401);
    expectEnvelope(await orders(rolled.key), 200);
    expect((await keys(customer.token)).map((key) => key.id)).toEqual([rolled.id]);

    // By default the overlap is 24 hours; 0 stops the old secret at once. Another owner cannot roll it.
    const other = await createActiveCustomer(t, admin);
    expectEnvelope(
      await call(t.app, other.token, { method: 'POST', url: `/api/app/user/apiKey/${rolled.id}/roll`, payload: {} }),
      404,
    );
    const next = expectEnvelope(await roll(rolled.id, {}), 200).data;
    const day = (await keys(customer.token)).find((key) => key.id === rolled.id) as Json;
    expect(Date.parse(day.expiresAt) - Date.now()).toBeGreaterThan(23.9 * HOUR);
    const last = expectEnvelope(await roll(next.id, { overlapHours: 0 }), 200).data;
    expectEnvelope(await orders(next.key), 401);
    expectEnvelope(await orders(last.key), 200);
    // A key cannot roll keys.
    expectEnvelope(
      await call(t.app, last.key, {
        method: 'POST',
        url: `/api/app/user/apiKey/${last.id}/roll`,
        payload: {},
        ...from('203.0.113.1'),
      }),
      403,
    );
  });
});
