import { ROLE } from '@parcelport/shared';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { ADMIN, call, createStaff, grantToRole } from './helpers.ts';
import { appWithUspsAndEasyPost, merchantOn, USPS_ACCOUNT, upstreamChannel } from './upstream-fixtures.ts';

/**
 * Staff settle a USPS SCAN form whose answer was lost (issue 25; docs/carriers.md "Manifests"): USPS cannot
 * be asked, so the labels wait until staff holding `adminChannel` either record the form they obtained from
 * USPS (its number: the merchant's manifest then carries a page for it) or release the labels (the next
 * manifest asks USPS for a new form). Each settlement is kept with who made it and when, logged, and told to
 * the merchant; a second is refused, and a merchant cannot settle at all.
 */

const env = appWithUspsAndEasyPost();

const forms = () => env.usps.requests.filter((request) => request === 'POST /scan-forms/v3/scan-form').length;

/**
 * A USPS label whose SCAN form was asked for and its answer lost, long enough ago to be settled; of a
 * seller's customer when `invitationCode` is the seller's.
 */
async function lostForm(invitationCode?: string) {
  const onUsps = await upstreamChannel(
    env.t,
    env.admin,
    'usps',
    { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000, breakerFailures: 100 },
    { mailClass: 'PRIORITY_MAIL' },
  );
  const merchant = await merchantOn(env.t, env.admin, onUsps.channelId, {
    funds: '100.00',
    weights: [1],
    invitationCode,
  });
  expect((await merchant.buy(onUsps.serviceId)).statusCode).toBe(200);
  const manifest = () =>
    call(env.t.app, merchant.customer.token, {
      method: 'GET',
      url: `/api/app/order/createManifest?ids=${merchant.orderId}`,
      headers: { 'accept-language': 'en-US' },
    });
  env.usps.fail('POST /scan-forms/v3/scan-form', { kind: 'status', status: 503 }, 1);
  expect((await manifest()).statusCode).toBe(409);
  await env.t.ctx.db
    .updateTable('parcels')
    .set({ carrier_form_asked_at: Date.now() - 10 * 60_000 })
    .where('order_id', '=', merchant.orderId)
    .execute();
  const trackingNo = (await merchant.order()).tracking_no as string;
  const listed = await unknownForms();
  const form = listed.find((entry: { trackingNumbers: string[] }) => entry.trackingNumbers.includes(trackingNo));
  expect(form, 'the lost form is listed for staff').toBeDefined();
  return { merchant, manifest, form, trackingNo, channelId: onUsps.channelId };
}

async function unknownForms(token = env.admin) {
  const answer = await call(env.t.app, token, { method: 'GET', url: '/api/admin/order/carrierForms/unknown' });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}

const settle = (id: number, body: Record<string, unknown>, token = env.admin) =>
  call(env.t.app, token, {
    method: 'POST',
    url: `/api/admin/order/carrierForms/${id}/settle`,
    payload: body,
    headers: { 'accept-language': 'en-US' },
  });

const pages = async (answer: { rawPayload: Buffer }) => (await PDFDocument.load(answer.rawPayload)).getPageCount();

describe('staff settle a USPS SCAN form whose answer was lost', () => {
  test('recorded: the form USPS made is kept by its number, and the merchant’s manifest carries it', async () => {
    const { merchant, manifest, form, trackingNo, channelId } = await lostForm();
    expect(form).toMatchObject({
      channelId,
      username: merchant.customer.email,
      trackingNumbers: [trackingNo],
      isTest: false,
    });
    const before = forms();

    // A merchant cannot settle it, not even their own.
    expect((await settle(form.id, { outcome: 'released' }, merchant.customer.token)).statusCode).toBe(403);
    // Recorded needs the form's number.
    const numberless = await settle(form.id, { outcome: 'recorded' });
    expect(numberless.statusCode).toBe(400);
    expect(Object.keys(numberless.json().data.fields)).toEqual(['formNumber']);

    const settled = await settle(form.id, { outcome: 'recorded', formNumber: '9475711201080520123456' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({
      outcome: 'recorded',
      formNumber: '9475711201080520123456',
      settledBy: ADMIN.username,
    });
    expect(Date.parse(settled.json().data.settledAt)).toBeGreaterThan(0);

    // Settled once: a second settlement, either way, is refused, and the form leaves the list.
    const again = await settle(form.id, { outcome: 'released' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This acceptance form (SCAN form) has been settled already');
    expect((await unknownForms()).some((entry: { id: number }) => entry.id === form.id)).toBe(false);

    // The merchant's manifest now comes with the recorded form's page, and USPS is not asked again.
    const answered = await manifest();
    expect(answered.statusCode).toBe(200);
    expect(await pages(answered)).toBe(2);
    expect(forms()).toBe(before);

    // Who settled it and when is kept; the call is in the user log under the merchant; the merchant is told.
    const kept = await env.t.ctx.db
      .selectFrom('carrier_form_settlements')
      .selectAll()
      .where('user_id', '=', merchant.customer.id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ outcome: 'recorded', form_number: '9475711201080520123456' });
    expect(JSON.parse(kept[0]?.tracking_numbers ?? '[]')).toEqual([trackingNo]);
    const logged = await env.t.ctx.db
      .selectFrom('user_logs')
      .select(['status_code'])
      .where('subject_id', '=', merchant.customer.id)
      .where('path', '=', `/api/admin/order/carrierForms/${form.id}/settle`)
      .execute();
    expect(logged.map((row) => row.status_code)).toContain(200);
    const told = await call(env.t.app, merchant.customer.token, {
      method: 'GET',
      url: '/api/user/messages',
      headers: { 'accept-language': 'en-US' },
    });
    expect(JSON.stringify(told.json().data)).toContain('recorded form 9475711201080520123456');
  });

  test("a test order's lost form says so (isTest), as the key's mode is shown wherever it acts (issue 31)", async () => {
    const { merchant, form, trackingNo } = await lostForm();
    await env.t.ctx.db.updateTable('orders').set({ is_test: 1 }).where('id', '=', merchant.orderId).execute();
    const listed = (await unknownForms()).find((entry: { trackingNumbers: string[] }) =>
      entry.trackingNumbers.includes(trackingNo),
    );
    expect(listed).toMatchObject({ id: form.id, trackingNumbers: [trackingNo], isTest: true });
  });

  test('released: the labels go on a new form at the merchant’s next manifest', async () => {
    const { merchant, manifest, form, trackingNo } = await lostForm();
    const before = forms();
    const settled = await settle(form.id, { outcome: 'released' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ outcome: 'released', formNumber: null, settledBy: ADMIN.username });
    expect((await settle(form.id, { outcome: 'recorded', formNumber: 'ABCD1234' })).statusCode).toBe(409);

    const answered = await manifest();
    expect(answered.statusCode).toBe(200);
    expect(await pages(answered)).toBe(2);
    expect(forms()).toBe(before + 1);
    const [parcel] = await env.t.ctx.db
      .selectFrom('parcels')
      .select(['carrier_manifest_id', 'carrier_form_asked_at'])
      .where('order_id', '=', merchant.orderId)
      .execute();
    expect(parcel).toMatchObject({ carrier_manifest_id: expect.any(Number), carrier_form_asked_at: null });
    const kept = await env.t.ctx.db
      .selectFrom('carrier_form_settlements')
      .select(['outcome', 'settled_by', 'tracking_numbers'])
      .where('user_id', '=', merchant.customer.id)
      .executeTakeFirstOrThrow();
    expect(kept.outcome).toBe('released');
    expect(kept.settled_by).toBeGreaterThan(0);
    expect(JSON.parse(kept.tracking_numbers)).toEqual([trackingNo]);
  });

  test('a seller holding adminChannel sees and settles the forms of their own customers only', async () => {
    const seller = await createStaff(env.t, env.admin, [ROLE.seller], { invitationCode: 'FORMS-S1' });
    await grantToRole(env.t, ROLE.seller, 'adminChannel');
    const theirs = await lostForm('FORMS-S1');
    const other = await lostForm();

    const listed = await unknownForms(seller.token);
    expect(listed.map((entry: { id: number }) => entry.id)).toEqual([theirs.form.id]);

    // Another seller's (here: the platform's) merchant: refused as every scoped call out of scope, nothing kept.
    const refused = await settle(
      other.form.id,
      { outcome: 'recorded', formNumber: '9475711201080520999999' },
      seller.token,
    );
    expect(refused.statusCode).toBe(404);
    const [parcel] = await env.t.ctx.db
      .selectFrom('parcels')
      .select(['carrier_manifest_id', 'carrier_form_asked_at'])
      .where('order_id', '=', other.merchant.orderId)
      .execute();
    expect(parcel).toMatchObject({ carrier_manifest_id: null, carrier_form_asked_at: expect.any(Number) });
    const kept = (user: number) =>
      env.t.ctx.db.selectFrom('carrier_form_settlements').select('outcome').where('user_id', '=', user).execute();
    expect(await kept(other.merchant.customer.id)).toEqual([]);
    expect((await unknownForms()).some((entry: { id: number }) => entry.id === other.form.id)).toBe(true);

    // Their own customer's form they settle, and it is kept in their name.
    const settled = await settle(theirs.form.id, { outcome: 'released' }, seller.token);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ outcome: 'released', settledBy: seller.email });
    expect(await kept(theirs.merchant.customer.id)).toEqual([{ outcome: 'released' }]);
  });
});
