import { DAY_MS, ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  demoChannelId,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { EASYPOST_KEY, easypostChannel, merchantOn } from './upstream-fixtures.ts';

/**
 * Bills asked of the carrier (docs/bills.md, "From the carrier"): EasyPost's shipment invoice report, asked
 * for through the channel, read once EasyPost made it into a previewed bill like an uploaded file.
 */
let t: TestApp;
let easypost: EasyPostStandIn;
let admin: string;
let channelId: number;
let serviceId: number;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  [t, easypost] = await Promise.all([startApp({ jobPollMs: 100 }), startEasyPostStandIn({ apiKey: EASYPOST_KEY })]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  ({ channelId, serviceId } = await easypostChannel(t, admin, { apiKey: EASYPOST_KEY, baseUrl: easypost.url }));
});
afterAll(async () => {
  await t.close();
  await easypost.close();
});

const ask = (body: Record<string, unknown>, token = admin) =>
  call(t.app, token, { method: 'POST', url: '/api/admin/bills/reports', payload: body });

/** The report once the task has read it (no longer `requested`). */
async function settled(id: number) {
  for (;;) {
    const page = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/reports?channelId=${channelId}` })
    ).json().data;
    const report = page.list.find((one: { id: number }) => one.id === id);
    if (report.status !== 'requested') return report;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bills asked of the carrier', () => {
  test("EasyPost's shipment invoice report, once made, is a previewed bill: its measured parcel billed more", async () => {
    const merchant = await merchantOn(t, admin, channelId, { weights: [2, 1] });
    expect((await merchant.buy(serviceId)).statusCode).toBe(200);
    const afterLabel = await merchant.balance();
    const order = await merchant.order();
    const [first, second] = (order.upstream_id as string).split(',');
    const paid = easypost.shipments.get(first as string)?.selected_rate?.rate as string;
    // The carrier measured the first parcel heavier and invoiced 1.25 more for it.
    easypost.finalInvoices.set(first as string, {
      amount: (Number(paid) + 1.25).toFixed(2),
      weight: 48,
      length: 12,
      width: 10,
      height: 6,
    });
    easypost.reportReadsUntilMade = 1;

    const mapping = await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/channels/${channelId}/mapping` });
    expect(mapping.json().data.carrierReports).toBe(true);
    const asked = await ask({ channelId, from: day(1), to: day(0) });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'requested', billId: null, from: day(1), to: day(0) });

    // Read once still being made (asked again after the task's backoff), then made.
    const report = await settled(asked.json().data.id);
    expect(report).toMatchObject({ status: 'previewed', requestedBy: ADMIN.username });
    const bill = (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${report.billId}` })).json().data;
    expect(bill).toMatchObject({
      preset: 'easypost',
      amountKind: 'total',
      status: 'previewed',
      errors: [],
      counts: { adjustment: 1, matches: 1, unmatched: 0 },
      adjustments: '1.25',
    });
    const lines = (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${report.billId}/lines` })).json()
      .data.list;
    const shipments = [first, second].map((id) => easypost.shipments.get(id as string)?.tracking_code);
    expect(lines.map((line: { trackingNo: string }) => line.trackingNo).sort()).toEqual(shipments.sort());
    // The parcel the carrier measured, beside what was declared; the order's change is on its first line.
    const measured = easypost.shipments.get(first as string)?.tracking_code;
    expect(lines.find((line: { trackingNo: string }) => line.trackingNo === measured)).toMatchObject({
      billedOz: 48,
      billedSize: '12 x 10 x 6 in',
    });
    // Nothing is charged before staff post it; then the merchant pays the change.
    expect(await merchant.balance()).toBe(afterLabel);
    const posted = await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${report.billId}/post` });
    expect(posted.json().data).toMatchObject({ status: 'posted', owed: '0.00' });
    expect(await merchant.balance()).toBeLessThan(afterLabel);

    // Every call is in the API log as the carrier's bill report.
    const logged = await t.ctx.db
      .selectFrom('api_logs')
      .select(['operation', 'http_status'])
      .where('channel_id', '=', channelId)
      .where('operation', '=', 'billReport')
      .execute();
    expect(logged.map((row) => row.http_status)).toEqual([201, 200, 200, 200]);
  });

  test('a span without labels is an empty report; nothing is kept', async () => {
    easypost.reportReadsUntilMade = 0;
    const bills = async () => (await call(t.app, admin, { method: 'GET', url: '/api/admin/bills' })).json().data.total;
    const before = await bills();
    const asked = await ask({ channelId, from: day(40), to: day(35) });
    expect(await settled(asked.json().data.id)).toMatchObject({ status: 'empty', billId: null });
    expect(await bills()).toBe(before);
  });

  test("the carrier's refusal is a 502 with its words, and nothing is kept", async () => {
    easypost.fail('POST /v2/reports/shipment_invoice', { kind: 'status', status: 422 });
    const refused = await ask({ channelId, from: day(2), to: day(1) });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('The carrier did not take the request for its bill');
    const page = (await call(t.app, admin, { method: 'GET', url: '/api/admin/bills/reports?pageSize=100' })).json()
      .data;
    expect(page.list.every((report: { from: string }) => report.from !== day(2))).toBe(true);
  });

  const asks = () => easypost.requests.filter((request) => request === 'POST /v2/reports/shipment_invoice').length;

  test("an ask whose answer was lost is looked up in EasyPost's reports, not asked again, and read into its bill", async () => {
    easypost.reportReadsUntilMade = 0;
    const before = asks();
    // EasyPost makes the report; its answer is cut off on the way back.
    easypost.fail('POST /v2/reports/shipment_invoice', { kind: 'malformed' });
    const asked = await ask({ channelId, from: day(6), to: day(5) });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'requested', from: day(6), to: day(5) });
    expect(await settled(asked.json().data.id)).toMatchObject({ status: 'empty' });
    expect(asks()).toBe(before + 1);
    expect(easypost.requests).toContain('GET /v2/reports/shipment_invoice');
  });

  test('an ask lost and not found is not asked again until EasyPost is known to have made none', async () => {
    easypost.reportReadsUntilMade = 0;
    const before = asks();
    // Answered 503 without being made: the platform cannot know that, so it looks and waits.
    easypost.fail('POST /v2/reports/shipment_invoice', { kind: 'status', status: 503 });
    const lost = await ask({ channelId, from: day(8), to: day(7) });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data.status).toBe('requested');
    const again = await ask({ channelId, from: day(8), to: day(7) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('it is being asked whether it made the report');
    expect(asks()).toBe(before + 1);

    // Five minutes on, still not in EasyPost's list: that ask made nothing, and the span is asked anew.
    await t.ctx.db
      .updateTable('carrier_bill_reports')
      .set({ requested_at: Date.now() - 6 * 60_000 })
      .where('id', '=', lost.json().data.id)
      .execute();
    const anew = await ask({ channelId, from: day(8), to: day(7) });
    expect(anew.statusCode, anew.body).toBe(200);
    expect(asks()).toBe(before + 2);
    expect(await settled(lost.json().data.id)).toMatchObject({
      status: 'failed',
      message:
        "The carrier's answer to the request was lost and it has no report of this span made since: it may be asked again",
    });
    expect(await settled(anew.json().data.id)).toMatchObject({ status: 'empty' });
  });

  test('a report refused when read, or not made within a day, is failed with the reason', async () => {
    easypost.reportReadsUntilMade = 0;
    easypost.fail('GET /v2/reports/:id', { kind: 'status', status: 422 });
    const refused = await ask({ channelId, from: day(3), to: day(3) });
    const failed = await settled(refused.json().data.id);
    expect(failed).toMatchObject({ status: 'failed', billId: null });
    expect(failed.message).not.toBe('');

    easypost.reportReadsUntilMade = 1_000;
    const slow = await ask({ channelId, from: day(4), to: day(4) });
    // Asked a day ago: the next read gives it up.
    await t.ctx.db
      .updateTable('carrier_bill_reports')
      .set({ requested_at: Date.now() - 25 * 3_600_000 })
      .where('id', '=', slow.json().data.id)
      .execute();
    expect(await settled(slow.json().data.id)).toMatchObject({
      status: 'failed',
      message: 'The carrier did not make the report within a day',
    });
  });

  test('a span backwards, over 31 days or in the future, or a carrier without reports, is a 400 naming the field', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const answer = await ask(body);
      expect(answer.statusCode).toBe(400);
      return answer.json().data.fields;
    };
    expect(await fields({ channelId, from: day(1), to: day(2) })).toHaveProperty('to');
    expect(await fields({ channelId, from: day(40), to: day(0) })).toHaveProperty('to');
    expect(await fields({ channelId, from: day(0), to: day(-1) })).toHaveProperty('to');
    expect(await fields({ channelId, from: 'yesterday', to: day(0) })).toHaveProperty('from');
    const demo = await demoChannelId(t);
    expect(await fields({ channelId: demo, from: day(1), to: day(0) })).toEqual({
      channelId: "This channel's carrier makes no bill on request: upload its bill file",
    });
    const mapping = await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/channels/${demo}/mapping` });
    expect(mapping.json().data.carrierReports).toBe(false);
  });

  test('only platform-wide staff ask carriers for bills or see what was asked', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const seller = await createStaff(t, admin, [ROLE.seller]);
    for (const token of [merchant.token, seller.token]) {
      expect((await ask({ channelId, from: day(1), to: day(0) }, token)).statusCode).toBe(403);
      expect((await call(t.app, token, { method: 'GET', url: '/api/admin/bills/reports' })).statusCode).toBe(403);
    }
  });
});
