import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { call } from './helpers.ts';
import {
  appWithUspsAndEasyPost,
  EASYPOST_KEY,
  merchantOn,
  USPS_ACCOUNT,
  upstreamChannel,
} from './upstream-fixtures.ts';

const env = appWithUspsAndEasyPost();

describe("a manifest carries the carriers' acceptance forms", () => {
  test('labels bought through EasyPost and USPS each go on one SCAN form, made once and given again', async () => {
    const onUsps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const onEasyPost = await upstreamChannel(
      env.t,
      env.admin,
      'easypost',
      { apiKey: EASYPOST_KEY, baseUrl: env.easypost.url },
      { carrier: 'USPS', service: 'Priority' },
    );
    const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { funds: '200.00' });
    await call(env.t.app, env.admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: merchant.customer.id, channelIds: [onUsps.channelId, onEasyPost.channelId] },
    });
    expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
    const second = await merchant.another();
    expect((await merchant.buy(onEasyPost.serviceId, second)).statusCode).toBe(200);
    const uspsOrder = await merchant.order();
    const easypostOrder = await merchant.order(second);

    const manifest = () =>
      call(env.t.app, merchant.customer.token, {
        method: 'GET',
        url: `/api/app/order/createManifest?date=${new Date().toISOString().slice(0, 10)}`,
      });
    const first = await manifest();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/pdf');
    const pages = async (answer: typeof first) => (await PDFDocument.load(answer.rawPayload)).getPageCount();
    // The platform's list, then one form per carrier.
    expect(await pages(first)).toBe(3);
    const uspsForms = () => env.usps.requests.filter((request) => request === 'POST /scan-forms/v3/scan-form').length;
    const easypostForms = () => env.easypost.requests.filter((request) => request === 'POST /v2/scan_forms').length;
    expect([uspsForms(), easypostForms()]).toEqual([1, 1]);
    const onForms = await env.t.ctx.db
      .selectFrom('parcels')
      .select(['order_id', 'carrier_manifest_id'])
      .where('order_id', 'in', [uspsOrder.id, easypostOrder.id])
      .execute();
    expect(onForms.every((parcel) => parcel.carrier_manifest_id !== null)).toBe(true);

    // Asked again: the same forms, no second one made (a carrier refuses a label on two forms).
    const again = await manifest();
    expect(await pages(again)).toBe(3);
    expect([uspsForms(), easypostForms()]).toEqual([1, 1]);
  });

  test("a carrier that cannot make its form fails the manifest with the carrier's words, and nothing is kept", async () => {
    const onUsps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000, breakerFailures: 100 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, { funds: '100.00', weights: [1] });
    expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
    env.usps.fail('POST /scan-forms/v3/scan-form', { kind: 'status', status: 400 }, 1);
    const refused = await call(env.t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/createManifest?ids=${merchant.orderId}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('could not make its acceptance form (SCAN form): Bad Request');
    const parcel = await env.t.ctx.db
      .selectFrom('parcels')
      .select('carrier_manifest_id')
      .where('order_id', '=', merchant.orderId)
      .executeTakeFirstOrThrow();
    expect(parcel.carrier_manifest_id).toBeNull();
    // Tried again once USPS makes forms: the manifest comes with it.
    const made = await call(env.t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/createManifest?ids=${merchant.orderId}`,
    });
    expect(made.statusCode).toBe(200);
    expect((await PDFDocument.load(made.rawPayload)).getPageCount()).toBe(2);
  });
});
