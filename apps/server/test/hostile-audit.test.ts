/**
 * A hostile user's and a limited caller's attempts on the newer modules (returns, pickups, claims, tags, rules),
 * through real HTTP: an API key limited to areas reaching another area, a test key touching live orders or live
 * money, another merchant guessing ids. Each refusal is the one docs/api.md states ("Scoped keys", "Test and live
 * keys", "Who may call what"), and nothing is written or charged on the way.
 */
import { ORDER_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createMember,
  expectEnvelope,
  expectFieldError,
  fundWallet,
  type Json,
  labelAddress,
  loginToken,
  makeApiKey,
  startApp,
  type TestApp,
  usdWallet,
} from './helpers.ts';
import { demoPickupChannel } from './upstream-fixtures.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof createActiveCustomer>>;

const makeKey = async (token: string, payload: Json): Promise<string> => (await makeApiKey(t.app, token, payload)).key;

async function fundedMerchant(): Promise<Customer> {
  const merchant = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, merchant.id, '100');
  return merchant;
}

/** A return draft of its own (to the merchant's address), made in the signed-in session. */
async function returnDraft(token: string): Promise<number> {
  const drafted = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/returns',
    payload: {
      from: labelAddress('10118', 'New York', 'NY'),
      to: labelAddress('90210', 'Beverly Hills', 'CA'),
      parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
    },
  });
  return expectEnvelope(drafted, 200).data.orderId;
}

describe('returns belong to the areas of what they do', () => {
  test('a key limited to `account` neither rates nor buys a return label, nor drafts one (labels and orders areas)', async () => {
    const merchant = await fundedMerchant();
    const id = await returnDraft(merchant.token);
    const account = await makeKey(merchant.token, { name: 'Profile only', areas: ['account'] });
    const before = await usdWallet(t, merchant.id);

    const rates = await call(t.app, account, { method: 'POST', url: `/api/app/returns/${id}/rates` });
    expect(expectEnvelope(rates, 403).data).toEqual({ reason: 'apiKeyArea', area: 'labels' });
    const bought = await call(t.app, account, {
      method: 'POST',
      url: `/api/app/returns/${id}/buy`,
      payload: { serviceId: 1, payOnUse: false },
    });
    expect(expectEnvelope(bought, 403).data).toEqual({ reason: 'apiKeyArea', area: 'labels' });
    const drafted = await call(t.app, account, {
      method: 'POST',
      url: '/api/app/returns',
      payload: {
        from: labelAddress('10118', 'New York', 'NY'),
        parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
      },
    });
    expect(expectEnvelope(drafted, 403).data).toEqual({ reason: 'apiKeyArea', area: 'orders' });
    const read = await call(t.app, account, { method: 'GET', url: `/api/app/order/returns/${id}` });
    expect(expectEnvelope(read, 403).data).toEqual({ reason: 'apiKeyArea', area: 'orders' });
    expect(await usdWallet(t, merchant.id)).toEqual(before);

    // A key holding the labels area rates and buys it; a read-only one may still rate (it changes nothing).
    const labels = await makeKey(merchant.token, { name: 'Labels', areas: ['labels'] });
    const lines = expectEnvelope(
      await call(t.app, labels, { method: 'POST', url: `/api/app/returns/${id}/rates` }),
      200,
    ).data as Json[];
    const line = lines.find((entry) => entry.serviceCode === 'USPS_GROUND_ADVANTAGE');
    const reader = await makeKey(merchant.token, { name: 'Reader', readOnly: true });
    expectEnvelope(await call(t.app, reader, { method: 'POST', url: `/api/app/returns/${id}/rates` }), 200);
    const paid = await call(t.app, labels, {
      method: 'POST',
      url: `/api/app/returns/${id}/buy`,
      payload: { serviceId: line.serviceId, payOnUse: false },
    });
    expect(expectEnvelope(paid, 200).data.trackingNo).toEqual(expect.any(String));
  });
});

describe('a test key has no live money and no live orders', () => {
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const booking = (channelId: number) => ({
    channelId,
    pickupDate: tomorrow(),
    windowStart: '09:00',
    windowEnd: '17:00',
    location: 'FRONT_DOOR',
    instructions: '',
  });

  test('pickups: a test key is shown none of the live labels or bookings, books none and cancels none (no fee, no refund)', async () => {
    const demo = await demoPickupChannel(t, 125);
    const channelId = Number(demo.channelId);
    const merchant = await fundedMerchant();
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: merchant.id, channelIds: [channelId] },
    });
    const draft = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: labelAddress('10118', 'New York', 'NY'),
        parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
      },
    });
    const orderId = expectEnvelope(draft, 200).data.orderId;
    expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: Number(demo.serviceId) },
      }),
      200,
    );
    const testKey = await makeKey(merchant.token, { name: 'Sandbox', mode: 'test' });
    const before = await usdWallet(t, merchant.id);

    const labels = await call(t.app, testKey, { method: 'GET', url: '/api/app/pickups/labels' });
    expect(expectEnvelope(labels, 200).data).toEqual([]);
    expectFieldError(
      await call(t.app, testKey, { method: 'POST', url: '/api/app/pickups', payload: booking(channelId) }),
      'channelId',
    );
    expect(await usdWallet(t, merchant.id)).toEqual(before);

    // The live booking, made signed in, is the live key's and the session's, not the test key's.
    const booked = expectEnvelope(
      await call(t.app, merchant.token, { method: 'POST', url: '/api/app/pickups', payload: booking(channelId) }),
      200,
    ).data;
    expect(booked.fee).toBe('1.25');
    const charged = await usdWallet(t, merchant.id);
    expect(expectEnvelope(await call(t.app, testKey, { method: 'GET', url: '/api/app/pickups' }), 200).data).toEqual(
      [],
    );
    expectEnvelope(
      await call(t.app, testKey, { method: 'POST', url: `/api/app/pickups/${booked.id}/cancel`, payload: {} }),
      404,
    );
    expect(await usdWallet(t, merchant.id)).toEqual(charged);
    const live = await makeKey(merchant.token, { name: 'Live' });
    expect(
      expectEnvelope(await call(t.app, live, { method: 'GET', url: '/api/app/pickups' }), 200).data.map(
        (row: Json) => row.id,
      ),
    ).toEqual([booked.id]);
  });

  test('claims: a test key neither reads the claim options of a live order nor files a claim on it', async () => {
    const merchant = await fundedMerchant();
    const { orderId } = await buyLabel(t.app, merchant.token);
    const testKey = await makeKey(merchant.token, { name: 'Sandbox', mode: 'test' });
    expectEnvelope(await call(t.app, testKey, { method: 'GET', url: `/api/app/claim/options/${orderId}` }), 404);
    const filed = await call(t.app, testKey, {
      method: 'POST',
      url: '/api/app/claim',
      payload: { orderId, type: 'damaged', amount: '1.00', description: 'Crushed' },
    });
    expectEnvelope(filed, 404);
    // The session reaches it as before.
    expectEnvelope(await call(t.app, merchant.token, { method: 'GET', url: `/api/app/claim/options/${orderId}` }), 200);
  });

  test('claims: staff working through a test key neither read nor pay a live claim (no live money moves)', async () => {
    const merchant = await fundedMerchant();
    const drafted = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: labelAddress('10118', 'New York', 'NY'),
        parcels: [{ length: 5, width: 5, height: 5, weight: 1, insuredValue: '50.00' }],
      },
    });
    const orderId = expectEnvelope(drafted, 200).data.orderId;
    const lines = expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/order/estimateRateMix',
        payload: { orderId },
      }),
      200,
    ).data as Json[];
    const line = lines.find((entry) => entry.serviceCode === 'USPS_GROUND_ADVANTAGE');
    expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: line.serviceId },
      }),
      200,
    );
    // Delivered two days ago, as tracking would leave it: a damaged parcel may be claimed.
    const at = Date.now() - 2 * 86_400_000;
    await t.ctx.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.delivered, label_created_at: at - 3 * 86_400_000 })
      .where('id', '=', orderId)
      .execute();
    await t.ctx.db
      .insertInto('order_events')
      .values({
        order_id: orderId,
        status: ORDER_STATUS.delivered,
        event: 'delivered',
        detail: '',
        actor_id: null,
        created_at: at,
      })
      .execute();
    const claim = expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/claim',
        payload: { orderId, type: 'damaged', amount: '20.00', description: 'Crushed' },
      }),
      200,
    ).data;
    const staff = (token: string, method: 'GET' | 'POST', path: string, payload?: Json) =>
      call(t.app, token, { method, url: `/api/admin/claim${path}`, ...(payload ? { payload } : {}) });
    expectEnvelope(await staff(admin, 'POST', `/${claim.id}/review`), 200);
    expectEnvelope(await staff(admin, 'POST', `/${claim.id}/decide`, { decision: 'approve' }), 200);
    const before = await usdWallet(t, merchant.id);

    const testKey = await makeKey(admin, { name: 'Staff sandbox', mode: 'test' });
    expectEnvelope(await staff(testKey, 'GET', `/${claim.id}`), 404);
    const listed = expectEnvelope(await staff(testKey, 'GET', `/list?orderId=${orderId}`), 200).data;
    expect(listed.list).toEqual([]);
    expectEnvelope(await staff(testKey, 'POST', `/${claim.id}/pay`), 404);
    expect(await usdWallet(t, merchant.id)).toEqual(before);
    // Signed in, staff pay it as before.
    expect(expectEnvelope(await staff(admin, 'POST', `/${claim.id}/pay`), 200).data.status).toBe('paid');
  });

  test('stores: a test key syncs no store (its orders would be live drafts) and is shown none of its live orders', async () => {
    const merchant = await fundedMerchant();
    const { orderId } = await buyLabel(t.app, merchant.token);
    const now = Date.now();
    // A connected store, one of whose orders became the live label above (as a sync or a webhook leaves them).
    const store = await t.ctx.db
      .insertInto('stores')
      .values({
        user_id: merchant.id,
        platform: 'woocommerce',
        name: 'Shop',
        account: 'https://shop.example.com',
        status: 'active',
        oauth_state: null,
        oauth_started_at: null,
        last_sync_at: null,
        last_sync: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        disconnected_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const storeId = Number(store.id);
    await t.ctx.db
      .insertInto('store_orders')
      .values({
        store_id: storeId,
        external_id: '1001',
        external_name: '#1001',
        external_updated_at: new Date(now).toISOString(),
        order_id: orderId,
        fulfilment_id: null,
        pushed_tracking: null,
        error: null,
        synced_at: now,
        created_at: now,
      })
      .execute();
    const testKey = await makeKey(merchant.token, { name: 'Sandbox', mode: 'test' });
    const drafts = () => t.ctx.db.selectFrom('orders').select('id').where('user_id', '=', merchant.id).execute();
    const before = await drafts();
    const synced = await call(t.app, testKey, { method: 'POST', url: `/api/app/stores/${storeId}/sync`, payload: {} });
    const refused = expectEnvelope(synced, 403);
    expect(refused).toMatchObject({ message: "A store's orders are live orders: sync it with a live API key" });
    expect(refused.data).toEqual({ reason: 'apiKeyTestMode' });
    expect(await drafts()).toEqual(before);
    const listed = (token: string) =>
      call(t.app, token, { method: 'GET', url: `/api/app/stores/${storeId}/orders?page=1&pageSize=50` });
    expect(expectEnvelope(await listed(testKey), 200).data).toMatchObject({ list: [], total: 0 });
    expect(expectEnvelope(await listed(merchant.token), 200).data.total).toBe(1);
  });

  test('tags: a test key puts no tag on a live order (400 on ids), and nothing is written', async () => {
    const merchant = await fundedMerchant();
    const { orderId } = await buyLabel(t.app, merchant.token);
    const tag = expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/tags',
        payload: { name: 'VIP', color: '#ff0000' },
      }),
      200,
    ).data;
    const testKey = await makeKey(merchant.token, { name: 'Sandbox', mode: 'test' });
    expectFieldError(
      await call(t.app, testKey, {
        method: 'POST',
        url: '/api/app/order/tags',
        payload: { ids: [orderId], add: [tag.id] },
      }),
      'ids',
    );
    const rows = await t.ctx.db.selectFrom('order_tags').selectAll().where('order_id', '=', orderId).execute();
    expect(rows).toEqual([]);
  });

  test("rules: a test key's dry run examines its own mode's orders only", async () => {
    const merchant = await fundedMerchant();
    await buyLabel(t.app, merchant.token);
    const testKey = await makeKey(merchant.token, { name: 'Sandbox', mode: 'test' });
    const dryRun = (token: string) =>
      call(t.app, token, {
        method: 'POST',
        url: '/api/app/rules/dryRun',
        payload: {
          rule: { name: 'All', matchMode: 'all', conditions: {}, actions: { signatureOption: 'adultSignature' } },
          limit: 50,
        },
      });
    expect(expectEnvelope(await dryRun(merchant.token), 200).data.examined).toBe(1);
    expect(expectEnvelope(await dryRun(testKey), 200).data).toMatchObject({ examined: 0, matched: 0, rows: [] });
  });
});

describe('a team member gains nothing through an API key', () => {
  test('a key a member with `keys` makes has the member’s permissions, not the owner’s, and stops with the membership', async () => {
    const owner = await fundedMerchant();
    const member = await createMember(t, owner.token, ['keys']);
    const key = await makeKey(member.token, { name: 'Warehouse' });

    // Signed in, the member sees no money and may not buy; its key neither.
    const ledger = await call(t.app, key, { method: 'GET', url: '/api/app/balance/log/list' });
    expect(expectEnvelope(ledger, 403).data).toEqual({ reason: 'memberPermission', permission: 'money' });
    const { orderId } = expectEnvelope(
      await call(t.app, key, {
        method: 'POST',
        url: '/api/app/order/draft',
        payload: {
          from: labelAddress('90210', 'Beverly Hills', 'CA'),
          to: labelAddress('10118', 'New York', 'NY'),
          parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
        },
      }),
      200,
    ).data;
    const bought = await call(t.app, key, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId: 1 },
    });
    expect(expectEnvelope(bought, 403).data).toEqual({ reason: 'memberPermission', permission: 'buy' });
    const endpoint = await call(t.app, key, {
      method: 'POST',
      url: '/api/app/webhooks/endpoints',
      payload: { url: 'https://hooks.example.com/in', eventTypes: ['label.created'] },
    });
    expect(expectEnvelope(endpoint, 403).data).toEqual({ reason: 'memberOwnerOnly' });
    const info = expectEnvelope(await call(t.app, key, { method: 'GET', url: '/api/user/info' }), 200).data;
    expect(info.member).toMatchObject({ username: member.email, permissions: ['keys'] });
    expect(info.balance).toBe('');

    // Given `money`, the same key reads the ledger on its very next call; the owner's own key always could.
    await call(t.app, owner.token, {
      method: 'PUT',
      url: `/api/app/team/members/${member.id}`,
      payload: { permissions: ['keys', 'money'] },
    });
    expectEnvelope(await call(t.app, key, { method: 'GET', url: '/api/app/balance/log/list' }), 200);

    // A member rolls its own keys only: the owner's key would hand it the owner's powers.
    const ownerKey = expectEnvelope(
      await call(t.app, owner.token, { method: 'POST', url: '/api/app/user/apiKey', payload: { name: 'Shop' } }),
      200,
    ).data;
    const roll = (token: string, id: number) =>
      call(t.app, token, { method: 'POST', url: `/api/app/user/apiKey/${id}/roll`, payload: { overlapHours: 0 } });
    expect(expectEnvelope(await roll(member.token, ownerKey.id), 403).data).toEqual({ reason: 'memberOwnerOnly' });
    expectEnvelope(await call(t.app, ownerKey.key, { method: 'GET', url: '/api/app/balance/log/list' }), 200);
    const keys = expectEnvelope(
      await call(t.app, member.token, { method: 'GET', url: '/api/app/user/apiKey/list' }),
      200,
    ).data as Json[];
    const mine = keys.find((entry) => entry.name === 'Warehouse');
    const successor = expectEnvelope(await roll(member.token, mine.id), 200).data;
    const rolledBuy = await call(t.app, successor.key, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId: 1 },
    });
    expect(expectEnvelope(rolledBuy, 403).data).toEqual({ reason: 'memberPermission', permission: 'buy' });

    // Removed from the team, the member's keys stop at once; the owner's goes on.
    expectEnvelope(
      await call(t.app, owner.token, { method: 'DELETE', url: `/api/app/team/members/${member.id}` }),
      200,
    );
    expectEnvelope(await call(t.app, successor.key, { method: 'GET', url: '/api/user/info' }), 401);
    expectEnvelope(await call(t.app, ownerKey.key, { method: 'GET', url: '/api/user/info' }), 200);
  });
});

describe('staff acting as a merchant leave no lasting way in', () => {
  test('acting as the user, staff neither invite a member, change one’s permissions, resend nor remove one (403)', async () => {
    const owner = await fundedMerchant();
    const member = await createMember(t, owner.token, ['buy']);
    const acting = expectEnvelope(
      await call(t.app, admin, { method: 'POST', url: `/api/admin/token/build/${owner.id}` }),
      200,
    ).data as string;
    // A member invited by staff (with `keys`) would be a sign-in and API keys of their own in the account, which
    // staff acting as the user may not make (docs/api.md "API keys").
    const invited = await call(t.app, acting, {
      method: 'POST',
      url: '/api/app/team/members',
      payload: { email: 'support.backdoor@example.com', permissions: ['keys', 'money', 'buy'] },
    });
    expect(expectEnvelope(invited, 403).message).toBe(
      'Not while acting as this user: only the account holder may do this',
    );
    const widened = await call(t.app, acting, {
      method: 'PUT',
      url: `/api/app/team/members/${member.id}`,
      payload: { permissions: ['buy', 'keys'] },
    });
    expectEnvelope(widened, 403);
    expectEnvelope(
      await call(t.app, acting, { method: 'POST', url: `/api/app/team/members/${member.id}/resend`, payload: {} }),
      403,
    );
    expectEnvelope(await call(t.app, acting, { method: 'DELETE', url: `/api/app/team/members/${member.id}` }), 403);
    const team = expectEnvelope(await call(t.app, owner.token, { method: 'GET', url: '/api/app/team/members' }), 200)
      .data as Json[];
    expect(team.map((entry) => [entry.email, entry.permissions])).toEqual([[member.email, ['buy']]]);
    // Staff acting as the user still read the team (support sees who works in the account).
    expectEnvelope(await call(t.app, acting, { method: 'GET', url: '/api/app/team/members' }), 200);
  });
});

describe('a rule’s dry run reads orders', () => {
  test('a key limited to `account` may keep rules but not dry-run one over the orders (orders area)', async () => {
    const merchant = await fundedMerchant();
    await buyLabel(t.app, merchant.token);
    const account = await makeKey(merchant.token, { name: 'Settings', areas: ['account'] });
    const rule = { name: 'All', matchMode: 'all', conditions: {}, actions: { signatureOption: 'adultSignature' } };
    expectEnvelope(await call(t.app, account, { method: 'POST', url: '/api/app/rules', payload: rule }), 200);
    const dryRun = await call(t.app, account, {
      method: 'POST',
      url: '/api/app/rules/dryRun',
      payload: { rule, limit: 50 },
    });
    expect(expectEnvelope(dryRun, 403).data).toEqual({ reason: 'apiKeyArea', area: 'orders' });
  });
});

describe('where an endpoint’s events go is the owner’s to say', () => {
  test('a member with `settings` changes an endpoint’s events but not its URL; staff acting as the user neither', async () => {
    const owner = await fundedMerchant();
    const endpoints = '/api/app/webhooks/endpoints';
    const made = expectEnvelope(
      await call(t.app, owner.token, {
        method: 'POST',
        url: endpoints,
        payload: { url: 'https://93.184.215.14/orders', eventTypes: ['label.created'] },
      }),
      200,
    ).data as Json;
    const change = (token: string, url: string, eventTypes: string[]) =>
      call(t.app, token, {
        method: 'PUT',
        url: `${endpoints}/${made.id}`,
        payload: { url, description: '', eventTypes, enabled: true },
      });
    const member = await createMember(t, owner.token, ['settings']);
    const acting = expectEnvelope(
      await call(t.app, admin, { method: 'POST', url: `/api/admin/token/build/${owner.id}` }),
      200,
    ).data as string;

    const redirected = await change(member.token, 'https://93.184.215.99/mine', ['label.created']);
    expect(expectEnvelope(redirected, 403).data).toEqual({ reason: 'memberOwnerOnly' });
    expectEnvelope(await change(acting, 'https://93.184.215.99/mine', ['label.created']), 403);
    const widened = await change(member.token, 'https://93.184.215.14/orders', ['label.created', 'label.voided']);
    expect(expectEnvelope(widened, 200).data.eventTypes).toEqual(['label.created', 'label.voided']);
    const listed = expectEnvelope(await call(t.app, owner.token, { method: 'GET', url: endpoints }), 200)
      .data as Json[];
    expect(listed.map((endpoint) => endpoint.url)).toEqual(['https://93.184.215.14/orders']);

    const moved = await change(owner.token, 'https://93.184.215.99/new', ['label.created']);
    expect(expectEnvelope(moved, 200).data.url).toBe('https://93.184.215.99/new');
  });
});

describe('a zone query tells a member without `money` no balance', () => {
  test('the member is charged the fee and told it, the balance after is ""; the owner is told it', async () => {
    const owner = await fundedMerchant();
    const member = await createMember(t, owner.token, ['buy']);
    const query = (token: string) =>
      call(t.app, token, {
        method: 'POST',
        url: '/api/app/zone/query',
        payload: { originZip: '90210', destinationZip: '10118' },
      });
    expect(expectEnvelope(await query(member.token), 200).data).toMatchObject({ fee: '0.10', balanceAfter: '' });
    expect(expectEnvelope(await query(owner.token), 200).data).toMatchObject({ fee: '0.10', balanceAfter: '99.80' });
  });
});
