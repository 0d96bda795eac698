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
const parcel = { length: 6, width: 6, height: 6, weight: 1 };

describe('API keys (Settings → API)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Every sign-in session is due for renewal at once, to show that keys are never renewed.
    t = await startApp({ sessionRenewAfterMs: 0 });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => t.close());

  const makeKey = (token: string, payload: object = { name: 'Shop sync' }) => makeApiKey(t.app, token, payload);
  const keys = async (token: string) =>
    expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/app/user/apiKey/list' }), 200).data as Json[];

  test('a key is shown once, then listed by name and prefix only, and calls the API as its owner', async () => {
    const customer = await createActiveCustomer(t, admin);
    expectFieldError(
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/user/apiKey', payload: { name: ' ' } }),
      'name',
    );
    const made = await makeKey(customer.token, { name: 'Shop sync', expiresInDays: 30 });
    expect(made.key).toMatch(/^pp_live_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const [listed] = await keys(customer.token);
    expect(listed).toMatchObject({ id: made.id, name: 'Shop sync', prefix: made.prefix, lastUsedAt: null });
    expect(JSON.stringify(await keys(customer.token))).not.toContain(made.key);

    const info = await call(t.app, made.key, { method: 'GET', url: '/api/user/info' });
    expect(expectEnvelope(info, 200).data.username).toBe(customer.email);
    expect(info.headers.token).toBeUndefined(); // never renewed
    const orders = await call(t.app, made.key, { method: 'GET', url: '/api/app/order/orders' });
    expectEnvelope(orders, 200);
    const [used] = await keys(customer.token);
    expect(used.lastUsedAt).not.toBeNull();
  });

  test('a key cannot manage keys, change the password, sign out or act as someone', async () => {
    const customer = await createActiveCustomer(t, admin);
    const { key } = await makeKey(customer.token);
    for (const [method, url, payload] of [
      ['GET', '/api/app/user/apiKey/list', undefined],
      ['POST', '/api/app/user/apiKey', { name: 'more' }],
      [
        'POST',
        '/api/user/updatePassword',
        { oldPassword: 'x', password: 'Secret#2027', confirmPassword: 'Secret#2027' },
      ],
      ['POST', '/api/admin/logout', undefined],
    ] as const) {
      const res = await call(t.app, key, { method, url, ...(payload ? { payload } : {}) });
      expect(expectEnvelope(res, 403).message).toBe('This call needs a signed-in user, not an API key');
    }
    // Still working: signing out with the key did not revoke it.
    expectEnvelope(await call(t.app, key, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('a read-only key reads and quotes, and every call that changes something is refused before it runs', async () => {
    const customer = await createActiveCustomer(t, admin);
    const reader = await makeKey(customer.token, { name: 'Reporting', readOnly: true });
    expect(reader.readOnly).toBe(true);
    expect((await keys(customer.token)).find((listed) => listed.id === reader.id)).toMatchObject({ readOnly: true });
    expectEnvelope(await call(t.app, reader.key, { method: 'GET', url: '/api/app/order/orders' }), 200);
    const draft = { from: address('Sender'), to: address('Recipient'), parcels: [parcel] };
    const quote = await call(t.app, reader.key, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: draft,
    });
    expectEnvelope(quote, 200);
    const refused = await call(t.app, reader.key, { method: 'POST', url: '/api/app/order/draft', payload: draft });
    expect(expectEnvelope(refused, 403).message).toBe('This API key may only read; it cannot change anything');
    const book = await call(t.app, reader.key, { method: 'POST', url: '/api/app/user/address', payload: {} });
    expectEnvelope(book, 403);
    const list = await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/orders' });
    expect(expectEnvelope(list, 200).data.total).toBe(0);
    // A key made without the option may change things, as before.
    const writer = await makeKey(customer.token, { name: 'Shop sync' });
    expect(writer.readOnly).toBe(false);
    expectEnvelope(await call(t.app, writer.key, { method: 'POST', url: '/api/app/order/draft', payload: draft }), 200);
  });

  test('a revoked key stops at once; only its owner can revoke it', async () => {
    const customer = await createActiveCustomer(t, admin);
    const other = await createActiveCustomer(t, admin);
    const made = await makeKey(customer.token);
    expectEnvelope(await call(t.app, made.key, { method: 'GET', url: '/api/user/info' }), 200);
    const url = `/api/app/user/apiKey/${made.id}`;
    expectEnvelope(await call(t.app, other.token, { method: 'DELETE', url }), 404);
    expectEnvelope(await call(t.app, made.key, { method: 'GET', url: '/api/user/info' }), 200);
    expectEnvelope(await call(t.app, customer.token, { method: 'DELETE', url }), 200);
    expectEnvelope(await call(t.app, made.key, { method: 'GET', url: '/api/user/info' }), 401);
    expect(await keys(customer.token)).toEqual([]);
  });

  test('an expired key and a disabled account answer 401; re-enabled, the key works again', async () => {
    const customer = await createActiveCustomer(t, admin);
    const expiring = await makeKey(customer.token, { name: 'old', expiresInDays: 30 });
    const lasting = await makeKey(customer.token, { name: 'forever' });
    expect(lasting.expiresAt).toBeNull();
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.id)
      .execute();
    expectEnvelope(await call(t.app, expiring.key, { method: 'GET', url: '/api/user/info' }), 401);
    expect((await keys(customer.token)).map((key) => key.name)).toEqual(['forever']);

    const setStatus = (status: number) =>
      call(t.app, admin, { method: 'POST', url: `/api/admin/updateStatus/${customer.id}`, payload: { status } });
    expectEnvelope(await setStatus(2), 200);
    expectEnvelope(await call(t.app, lasting.key, { method: 'GET', url: '/api/user/info' }), 401);
    expectEnvelope(await setStatus(1), 200);
    expectEnvelope(await call(t.app, lasting.key, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('at most 20 live keys; an unknown lifetime is refused', async () => {
    const customer = await createActiveCustomer(t, admin);
    expectFieldError(
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: 'x', expiresInDays: 7 },
      }),
      'expiresInDays',
    );
    for (let i = 0; i < 20; i++) await makeKey(customer.token, { name: `k${i}` });
    const refused = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'one too many' },
    });
    expect(expectEnvelope(refused, 422).message).toBe('You can keep at most 20 live API keys');
    expect(await keys(customer.token)).toHaveLength(20);
  });
});
