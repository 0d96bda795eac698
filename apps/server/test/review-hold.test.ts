import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  type Json,
  labelAddress,
  loginToken,
  startApp,
  type TestApp,
  waitForJob,
} from './helpers.ts';

/**
 * A rule's "hold for review" (issue 30): a held order is not bought by the single buy, a batch or an API key
 * until its merchant releases it; releasing is the merchant's alone, recorded on the order and in the change
 * history.
 */
let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof createActiveCustomer>>;
let other: Awaited<ReturnType<typeof createActiveCustomer>>;

const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, token, {
    method,
    url: `/api${url}`,
    headers: { 'accept-language': 'en-US' },
    ...(payload ? { payload } : {}),
  });
const ok = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  expectEnvelope(await api(token, method, url, payload), 200).data as Json;

const FROM = labelAddress('90210', 'Beverly Hills', 'CA');
const TO = labelAddress('10118', 'New York', 'NY');
const draft = async (weight: number): Promise<number> =>
  (
    await ok(seller.token, 'POST', '/app/order/draft', {
      from: FROM,
      to: TO,
      parcels: [{ length: 6, width: 5, height: 4, weight }],
    })
  ).orderId;
const detail = (id: number) => ok(seller.token, 'GET', `/app/order/detail/${id}`);
const balance = async () =>
  (
    await t.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('user_id', '=', seller.id)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow()
  ).balance;

async function batchItems(ids: number[]) {
  const started = await ok(seller.token, 'POST', '/app/order/label/batchCreateMix', {
    ids,
    choice: { kind: 'cheapest' },
  });
  await waitForJob(t.app, seller.token, started.jobId);
  return (await ok(seller.token, 'GET', `/app/jobs/${started.jobId}/items`)).list as {
    orderId: number;
    status: string;
    message: string;
  }[];
}

beforeAll(async () => {
  t = await startApp({ jobPollMs: 20 });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  seller = await createActiveCustomer(t, admin);
  other = await createActiveCustomer(t, admin);
  await api(admin, 'POST', '/admin/balance/adjust', {
    userId: seller.id,
    currency: 'USD',
    amount: '200.00',
    remark: 'test funds',
  });
  const hold = await ok(seller.token, 'POST', '/app/rules', {
    name: 'Heavy: review',
    conditions: { weightMin: 5 },
    actions: { hold: true },
  });
  await ok(seller.token, 'PUT', `/app/rules/${hold.id}/active`, { active: true });
});
afterAll(async () => t.close());

describe('hold for review', () => {
  test('a held order is refused by the single buy, an API key and a batch, with nothing charged; the others are bought', async () => {
    const held = await draft(6);
    const light = await draft(1);
    expect((await detail(held)).heldForReview).toBe(true);
    const list = await ok(seller.token, 'GET', '/app/order/orders');
    expect(list.list.find((row: Json) => row.id === held).heldForReview).toBe(true);
    const [line] = (await ok(seller.token, 'POST', '/app/order/estimateRateMix', { orderId: held })).filter(
      (quoted: Json) => quoted.available,
    );
    const before = await balance();

    const single = expectEnvelope(
      await api(seller.token, 'POST', '/app/order/label/create', { orderId: held, serviceId: line.serviceId }),
      422,
    );
    expect(single.message).toBe('A rule holds this order for review; release it before buying its label');
    const key = await ok(seller.token, 'POST', '/app/user/apiKey', { name: 'Shop' });
    const byKey = await api(key.key, 'POST', '/app/order/label/create', { orderId: held, serviceId: line.serviceId });
    expect(expectEnvelope(byKey, 422).message).toBe(single.message);

    const items = await batchItems([held, light]);
    expect(items.find((item) => item.orderId === held)).toMatchObject({ status: 'failed', message: single.message });
    expect(items.find((item) => item.orderId === light)?.status).toBe('done');
    const bought = await detail(light);
    expect((await detail(held)).status).toBe(0);
    // Only the light order was charged.
    const cents = (money: string) => Math.round(Number(money) * 100);
    expect(before - (await balance())).toBe(cents(bought.rate) + cents(bought.insuranceFee));
  });

  test('only its merchant releases it, once; then it is bought, and the release is on its timeline and in the change history', async () => {
    const held = await draft(7);
    const refused = await ok(other.token, 'POST', '/app/order/releaseHold', { ids: [held] });
    expect(refused).toEqual([{ id: held, ok: false, message: 'Order not found' }]);
    expect((await detail(held)).heldForReview).toBe(true);

    expect(await ok(seller.token, 'POST', '/app/order/releaseHold', { ids: [held] })).toEqual([{ id: held, ok: true }]);
    expect(await ok(seller.token, 'POST', '/app/order/releaseHold', { ids: [held] })).toEqual([
      { id: held, ok: false, message: 'The order is not held for review' },
    ]);
    const released = await detail(held);
    expect(released.heldForReview).toBe(false);
    expect(released.timeline.map((entry: Json) => entry.title)).toContain('Released from review hold');

    const [line] = (await ok(seller.token, 'POST', '/app/order/estimateRateMix', { orderId: held })).filter(
      (quoted: Json) => quoted.available,
    );
    const bought = await ok(seller.token, 'POST', '/app/order/label/create', {
      orderId: held,
      serviceId: line.serviceId,
    });
    expect(bought.tackNo).toBeTruthy();

    const logged = await t.ctx.db
      .selectFrom('user_logs')
      .select(['actor_id', 'subject_id', 'status_code'])
      .where('path', '=', '/api/app/order/releaseHold')
      .where('subject_id', '=', seller.id)
      .execute();
    expect(logged).toContainEqual({ actor_id: seller.id, subject_id: seller.id, status_code: 200 });
  });
});
