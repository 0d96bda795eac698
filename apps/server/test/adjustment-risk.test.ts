/**
 * Adjustment risk (issue 30): learnt from a merchant's posted weight corrections per SKU and package. On a
 * generated history where one SKU is always billed 2 lb heavier, its next order is flagged with the extra
 * the merchant was charged per label, and the measures billed last time; an order of an accurate SKU in the
 * same box is not. The SKU is read from the order's items (the heavy one) as from its options (the accurate one).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  demoChannelId,
  fundWallet,
  loginToken,
  multipart,
  startApp,
  type TestApp,
  usdWallet,
} from './helpers.ts';
import { RECIPIENT, SENDER } from './parties.ts';

let t: TestApp;
let admin: string;
let channelId: number;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  channelId = await demoChannelId(t);
});
afterAll(async () => t.close());

const BOX = { length: 10, width: 8, height: 6 };

/** A draft of one SKU: recorded as its item (as a store or the API records it), or for TEE-OK in its options. */
async function draft(app: FastifyInstance, token: string, sku: string) {
  const holds = sku === 'TEE-OK' ? { extra: { sku } } : { items: [{ sku, name: 'Stoneware mug', quantity: 1 }] };
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/draft',
    payload: { from: SENDER, to: RECIPIENT, parcels: [{ ...BOX, weight: 1 }], ...holds },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.orderId as number;
}

/** A bought label of `sku` on the demo USPS Ground Advantage: its tracking number. */
async function bought(app: FastifyInstance, token: string, sku: string) {
  const orderId = await draft(app, token, sku);
  const lines = (
    await call(app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  ).json().data as { serviceId: number; serviceCode: string }[];
  const line = lines.find((entry) => entry.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const res = await call(app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId: line?.serviceId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.tackNo as string;
}

/** Uploads and posts a carrier bill (the generic preset's columns) as the admin. */
async function postBill(rows: string[][]) {
  const content = [['Tracking number', 'Amount', 'Reason', 'Billed weight', 'Length', 'Width', 'Height'], ...rows]
    .map((row) => row.join(','))
    .join('\n');
  const body = multipart('corrections.csv', Buffer.from(content), 'text/csv', { channelId: String(channelId) });
  const preview = await call(t.app, admin, { method: 'POST', url: '/api/admin/bills/preview', ...body });
  expect(preview.statusCode).toBe(200);
  const posted = await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${preview.json().data.id}/post` });
  expect(posted.statusCode).toBe(200);
}

const risk = (token: string, ids: number[]) =>
  call(t.app, token, { method: 'POST', url: '/api/app/order/adjustmentRisk', payload: { ids } });

describe('adjustment risk before the label', () => {
  test('a SKU always billed 2 lb heavier is flagged with the extra it drew and the billed measures; an accurate SKU is not', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '300.00');
    const heavy: string[] = [];
    const accurate: string[] = [];
    for (let i = 0; i < 4; i++) heavy.push(await bought(t.app, merchant.token, 'MUG-HEAVY'));
    for (let i = 0; i < 4; i++) accurate.push(await bought(t.app, merchant.token, 'TEE-OK'));

    const before = (await usdWallet(t, merchant.id)).balance;
    // Each heavy label declared 1 lb, billed 3 lb in a larger box; the accurate ones were billed as declared.
    await postBill([
      ...heavy.map((tracking) => [tracking, '2.50', 'Weight correction', '3', '12', '10', '8']),
      ...accurate.map((tracking) => [tracking, '0.00', '', '', '', '', '']),
    ]);
    const charged = before - (await usdWallet(t, merchant.id)).balance;
    expect(charged).toBeGreaterThan(0);

    const nextHeavy = await draft(t.app, merchant.token, 'MUG-HEAVY');
    const nextAccurate = await draft(t.app, merchant.token, 'TEE-OK');
    const res = await risk(merchant.token, [nextHeavy, nextAccurate]);
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer.checked).toBe(2);
    expect(answer.flagged).toEqual([
      expect.objectContaining({
        orderId: nextHeavy,
        basis: 'sku',
        key: 'MUG-HEAVY',
        labels: 4,
        corrected: 4,
        // Every label of the SKU was corrected: the extra expected is what each one drew.
        expectedExtra: (charged / 4 / 100).toFixed(2),
        declaredWeightOz: 16,
        declaredSize: '10 x 8 x 6 in',
        billedWeightOz: 48,
        billedSize: '12 x 10 x 8 in',
      }),
    ]);
    expect(answer.totalExpectedExtra).toBe((charged / 4 / 100).toFixed(2));
  });

  test('a merchant without corrections has nothing flagged, and another merchant’s orders are not theirs to check', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '100.00');
    for (let i = 0; i < 3; i++) await bought(t.app, merchant.token, 'MUG-HEAVY');
    const next = await draft(t.app, merchant.token, 'MUG-HEAVY');
    const answer = (await risk(merchant.token, [next])).json().data;
    expect(answer).toEqual({ checked: 1, flagged: [], totalExpectedExtra: '0.00' });

    const stranger = await createActiveCustomer(t, admin);
    const refused = await risk(stranger.token, [next]);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('ids');
  });
});
