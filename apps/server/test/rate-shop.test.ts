import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dateAfterBusinessDays } from '../src/carriers/delivery-date.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp, waitForJob } from './helpers.ts';
import { RECIPIENT, SENDER } from './parties.ts';

/** A quote line as the rate list answers it. */
interface Line {
  serviceId: number;
  serviceCode: string;
  serviceName: string;
  carrierCode: string;
  available: boolean;
  total: string;
  zone: number | null;
  deliveryDays: number | null;
  expectedDelivery: string | null;
  deliveryFrom: 'carrier' | 'transit' | null;
}

const cents = (line: Line) => Math.round(Number(line.total) * 100);

async function draft(app: FastifyInstance, token: string, to = RECIPIENT) {
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: { from: SENDER, to, parcels: [{ length: 6, width: 6, height: 6, weight: 1 }] },
  });
  return res.json().data.orderId as number;
}

async function quote(app: FastifyInstance, token: string, orderId: number, lang = 'en-US') {
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/estimateRateMix',
    payload: { orderId },
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Line[];
}

/** Buys one order in a batch by a choice; answers the item (its status and its parsed message). */
/** A merchant's rule for every order, with these actions, switched on. */
async function activeRule(app: FastifyInstance, token: string, actions: Record<string, unknown>) {
  const rule = (
    await call(app, token, {
      method: 'POST',
      url: '/api/app/rules',
      payload: { name: 'every order', matchMode: 'first', conditions: {}, actions },
    })
  ).json().data;
  await call(app, token, { method: 'PUT', url: `/api/app/rules/${rule.id}/active`, payload: { active: true } });
}

/** A batch estimate of one order: its lines as the batch dialog reads them. */
async function batchEstimate(app: FastifyInstance, token: string, orderId: number) {
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/batchEstimateRateMix',
    payload: { ids: [orderId] },
  });
  const job = await waitForJob(app, token, res.json().data.jobId);
  const [item] = (await call(app, token, { method: 'GET', url: `/api/app/jobs/${job.id}/items` })).json().data.list as {
    message: string;
  }[];
  return JSON.parse(item?.message ?? '[]') as {
    serviceId: number;
    serviceName: string;
    totalCents: number;
    cheapest: boolean;
    available: boolean;
    byRule?: boolean;
  }[];
}

async function buyBy(
  app: FastifyInstance,
  token: string,
  orderId: number,
  body: Record<string, unknown>,
  lang = 'en-US',
) {
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/label/batchCreateMix',
    payload: { ids: [orderId], ...body },
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  const job = await waitForJob(app, token, res.json().data.jobId);
  const [item] = (await call(app, token, { method: 'GET', url: `/api/app/jobs/${job.id}/items` })).json().data.list as {
    status: string;
    message: string;
  }[];
  return item as { status: string; message: string };
}

describe('delivery promises and rate shopping', () => {
  let t: TestApp;
  let admin: string;
  let customer: { id: number; token: string };
  beforeAll(async () => {
    t = await startApp({ jobPollMs: 20 });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '500.00', remark: 'x' },
    });
  });
  afterAll(async () => t.close());

  test("each quote carries the ratecard's transit days for its zone and the expected date counted in business days", async () => {
    const lines = (await quote(t.app, customer.token, await draft(t.app, customer.token))).filter((l) => l.available);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const byCode = new Map(lines.map((line) => [line.serviceCode, line]));
    const zone = byCode.get('USPS_GROUND_ADVANTAGE')?.zone as number;
    expect(zone).toBeGreaterThanOrEqual(7);
    // The demo ratecard's transit tables (days by zone): Ground Advantage [2,3,3,4,4,5,5,5,7], FedEx 2Day always 2.
    expect(byCode.get('USPS_GROUND_ADVANTAGE')?.deliveryDays).toBe([2, 3, 3, 4, 4, 5, 5, 5, 7][zone - 1]);
    expect(byCode.get('FEDEX_2_DAY')?.deliveryDays).toBe(2);
    for (const line of lines) {
      expect(line.deliveryFrom).toBe('transit');
      expect(line.expectedDelivery).toBe(dateAfterBusinessDays(Date.now(), line.deliveryDays as number));
    }
  });

  test('business days skip the weekend: bought on a Friday with 2 days, expected on Tuesday; on a Saturday, counted from Monday', () => {
    expect(dateAfterBusinessDays(Date.parse('2026-11-27T15:00:00Z'), 2)).toBe('2026-12-01');
    expect(dateAfterBusinessDays(Date.parse('2026-11-28T15:00:00Z'), 1)).toBe('2026-12-01');
    expect(dateAfterBusinessDays(Date.parse('2026-11-30T15:00:00Z'), 3)).toBe('2026-12-03');
  });

  test('cheapest, fastest, cheapest within 3 days and cheapest of a carrier each buy the service they promise, with the reason', async () => {
    const lines = (await quote(t.app, customer.token, await draft(t.app, customer.token))).filter((l) => l.available);
    const cheapest = [...lines].sort((a, b) => cents(a) - cents(b))[0] as Line;
    const fastestDays = Math.min(...lines.map((line) => line.deliveryDays as number));
    const fastest = lines
      .filter((line) => line.deliveryDays === fastestDays)
      .sort((a, b) => cents(a) - cents(b))[0] as Line;
    const within3 = lines
      .filter((line) => (line.deliveryDays as number) <= 3)
      .sort((a, b) => cents(a) - cents(b))[0] as Line;
    const fedex = lines.filter((line) => line.carrierCode === 'FEDEX').sort((a, b) => cents(a) - cents(b))[0] as Line;
    // The cross-country parcel: the cheapest service is slow, so "within 3 days" pays more for a faster one.
    expect(cheapest.deliveryDays).toBeGreaterThan(3);
    expect(within3.serviceCode).not.toBe(cheapest.serviceCode);

    const cases: [Record<string, unknown>, Line, RegExp][] = [
      [{ choice: { kind: 'cheapest' } }, cheapest, /^Cheapest: /],
      [{ choice: { kind: 'fastest' } }, fastest, /^Fastest: /],
      [{ choice: { kind: 'cheapestWithin', days: 3 } }, within3, /^Cheapest arriving within 3 days: /],
      [{ choice: { kind: 'cheapestOf', carriers: ['fedex'] } }, fedex, /^Cheapest of fedex: /],
    ];
    for (const [body, expected, reason] of cases) {
      const item = await buyBy(t.app, customer.token, await draft(t.app, customer.token), body);
      expect(item.status).toBe('done');
      const bought = JSON.parse(item.message) as { serviceName: string; rate: number; choiceReason: string };
      expect(bought.serviceName).toBe(expected.serviceName);
      expect(bought.choiceReason).toMatch(reason);
      expect(bought.choiceReason).toContain(expected.serviceName);
      expect(bought.choiceReason).toContain(`expected ${expected.expectedDelivery}`);
    }
    // "Within 3 days" names the cheaper, slower service it passed over.
    const within = await buyBy(t.app, customer.token, await draft(t.app, customer.token), {
      choice: { kind: 'cheapestWithin', days: 3 },
    });
    expect(JSON.parse(within.message).choiceReason).toContain(`the cheaper ${cheapest.serviceName}`);
  });

  test('a choice nothing meets buys nothing and says why, in the caller’s language', async () => {
    const orderId = await draft(t.app, customer.token);
    const item = await buyBy(t.app, customer.token, orderId, { choice: { kind: 'cheapestOf', carriers: ['DHL'] } });
    expect(item).toEqual({ ...item, status: 'failed', message: 'Not bought: No available service of DHL' });
    const zh = await buyBy(t.app, customer.token, orderId, { choice: { kind: 'cheapestWithin', days: 1 } }, 'zh-CN');
    expect(zh.status).toBe('failed');
    expect(zh.message).toBe('未购买：没有可在 1 天内送达的可用服务');
    const order = await t.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(0);
  });

  test("a batch estimate marks the service an order's rule would buy, and a cheapest batch buys that one", async () => {
    const merchant = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: merchant.id, currency: 'USD', amount: '100.00', remark: 'x' },
    });
    await activeRule(t.app, merchant.token, { rateChoice: { kind: 'cheapestWithin', days: 3 } });
    const estimate = (token: string, orderId: number) => batchEstimate(t.app, token, orderId);
    const orderId = await draft(t.app, merchant.token);
    const lines = await estimate(merchant.token, orderId);
    const ruled = lines.filter((line) => line.byRule);
    expect(ruled).toHaveLength(1);
    // Not the cheapest: the cross-country parcel's cheapest service takes longer than 3 days.
    expect(ruled[0]?.cheapest).toBe(false);
    const item = await buyBy(t.app, merchant.token, orderId, { strategy: 'cheapest' });
    const bought = JSON.parse(item.message) as { serviceName: string; rate: number };
    expect(bought.serviceName).toBe(ruled[0]?.serviceName);
    expect(bought.rate).toBe(ruled[0]?.totalCents);
    // An order no rule gave a choice has no such mark.
    const plain = await estimate(customer.token, await draft(t.app, customer.token));
    expect(plain.some((line) => 'byRule' in line)).toBe(false);
  });

  test('an order a rule gave a service is bought with it in a cheapest batch, and the estimate marks that line', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: merchant.id, currency: 'USD', amount: '100.00', remark: 'x' },
    });
    // A service dearer than the cheapest, set on every order by the merchant's rule.
    const offered = await batchEstimate(t.app, merchant.token, await draft(t.app, merchant.token));
    const dearer = offered.find((line) => line.available && !line.cheapest);
    expect(dearer).toBeDefined();
    await activeRule(t.app, merchant.token, { serviceId: dearer?.serviceId });
    const orderId = await draft(t.app, merchant.token);
    const ruled = (await batchEstimate(t.app, merchant.token, orderId)).filter((line) => line.byRule);
    expect(ruled.map((line) => line.serviceId)).toEqual([dearer?.serviceId]);
    const item = await buyBy(t.app, merchant.token, orderId, { strategy: 'cheapest' });
    const bought = JSON.parse(item.message) as { serviceName: string; rate: number };
    expect(bought.serviceName).toBe(dearer?.serviceName);
    expect(bought.rate).toBe(dearer?.totalCents);
  });

  test('a bad choice is a 400 naming the field', async () => {
    const orderId = await draft(t.app, customer.token);
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/batchCreateMix',
      payload: { ids: [orderId], choice: { kind: 'cheapestWithin', days: 0 } },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('choice.days');
  });
});
