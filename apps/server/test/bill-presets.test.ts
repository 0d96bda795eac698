/**
 * The bill presets against the carriers' real layouts (docs/bills.md, "Presets"): each fixture under
 * fixtures/bills has the published columns in their published order with made-up rows. Each is read with its
 * preset field by field, and previewed through the API.
 */
import { readFileSync } from 'node:fs';
import { FUND_TYPE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { markAdjustingLines } from '../src/db/migrations/0045_bill_line_adjusts.ts';
import { PRESETS } from '../src/modules/bills/presets.ts';
import { readBill } from '../src/modules/bills/read.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  demoChannelId,
  fundWallet,
  loginToken,
  multipart,
  startApp,
  type TestApp,
} from './helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bills/${name}`, import.meta.url), 'utf8');
/** A row of UPS's billing data file (no header row): the named columns of the layout set, the others blank. */
const upsRow = (cells: Record<string, string>) =>
  (PRESETS.ups.layout as readonly string[]).map((name) => cells[name] ?? '').join(',');
const dollars = (cents: number) => (cents / 100).toFixed(2);
/** A FedEx Billing Online download with the columns the preset reads: one row per tracking id per invoice. */
const fedexFile = (rows: [invoice: string, trackingId: string, netCharge: string, description: string][]) =>
  [
    'Invoice Number,Express or Ground Tracking ID,Net Charge Amount,Tracking ID Charge Description',
    ...rows.map((row) => row.join(',')),
  ].join('\n');
const read = (name: string, preset: keyof typeof PRESETS, text = fixture(name)) =>
  readBill({ filename: name, bytes: Buffer.from(text) }, PRESETS[preset], {});

describe('bill presets read the real layouts', () => {
  test("UPS billing data: no header row, one row per charge summed per parcel and invoice, the account's fee left out", async () => {
    const { lines, errors } = await read('ups-billing-data.csv', 'ups');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 1,
        trackingNo: '1Z999AA10123456784',
        amount: 985 + 152 + 515,
        reason: 'Ground Residential; Fuel Surcharge; Residential Surcharge',
        billedOz: 64,
        billedSize: '12.0 x 10.0 x 8.0 in',
        zone: '005',
        service: 'Ground Residential',
        reference: '0000A1B2C3476',
        adjusts: false,
      },
      {
        row: 4,
        trackingNo: '1Z999AA10123456795',
        amount: 740 + 114,
        reason: 'Ground Commercial; Fuel Surcharge',
        billedOz: 16,
        billedSize: '',
        zone: '002',
        service: 'Ground Commercial',
        reference: '0000A1B2C3476',
        adjusts: false,
      },
    ]);
  });

  test("UPS billing data: a tracking number's adjustment rows (ADJ) are summed apart, after its shipment charge", async () => {
    const parcel = { 'Invoice Number': '0000A1B2C3500', 'Tracking Number': '1Z999AA10123456784' };
    const text = [
      upsRow({
        ...parcel,
        'Charge Category Code': 'SHP',
        'Charge Description': 'Ground Residential',
        'Billed Weight': '2.0',
        'Billed Weight Unit of Measure': 'L',
        Zone: '005',
        'Net Amount': '9.85',
      }),
      // UPS audited the parcel: 4 lb, the freight and the fuel on it billed again by the difference.
      upsRow({
        ...parcel,
        'Charge Category Code': 'ADJ',
        'Charge Category Detail Code': 'RADJ',
        'Charge Description': 'Shipping Charge Correction Ground',
        'Billed Weight': '4.0',
        'Billed Weight Unit of Measure': 'L',
        'Net Amount': '3.40',
      }),
      upsRow({
        ...parcel,
        'Charge Category Code': 'SHP',
        'Charge Description': 'Fuel Surcharge',
        'Net Amount': '1.52',
      }),
      upsRow({
        ...parcel,
        'Charge Category Code': 'ADJ',
        'Charge Description': 'Fuel Surcharge',
        'Net Amount': '0.52',
      }),
    ].join('\n');
    const { lines, errors } = await read('ups-adjusted.csv', 'ups', text);
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 1,
        trackingNo: '1Z999AA10123456784',
        amount: 985 + 152,
        reason: 'Ground Residential; Fuel Surcharge',
        billedOz: 32,
        billedSize: '',
        zone: '005',
        service: 'Ground Residential',
        reference: '0000A1B2C3500',
        adjusts: false,
      },
      {
        row: 2,
        trackingNo: '1Z999AA10123456784',
        amount: 340 + 52,
        reason: 'Shipping Charge Correction Ground; Fuel Surcharge',
        billedOz: 64,
        billedSize: '',
        zone: '',
        service: 'Shipping Charge Correction Ground',
        reference: '0000A1B2C3500',
        adjusts: true,
      },
    ]);
  });

  test('UPS billing data with a header row added (as audit tools save it) reads the same', async () => {
    const text = fixture('ups-billing-data.csv');
    const header = PRESETS.ups.layout?.join(',') as string;
    const { lines } = await read('ups.csv', 'ups', `${header}\n${text}`);
    expect(lines.map((line) => [line.row, line.trackingNo, line.amount, line.billedOz])).toEqual([
      [2, '1Z999AA10123456784', 1652, 64],
      [5, '1Z999AA10123456795', 854, 16],
    ]);
    // The category column is found by its name too. The first parcel's freight row made an adjustment: its
    // charge (the rows left, from row 3) comes first all the same, the adjustment after it.
    const adjusted = `${header}\n${text.replace(',SHP,', ',ADJ,')}`;
    const { lines: withAdjustment } = await read('ups-adjusted.csv', 'ups', adjusted);
    expect(withAdjustment.map((line) => [line.row, line.amount, line.adjusts])).toEqual([
      [3, 1652 - 985, false],
      [2, 985, true],
      [5, 854, false],
    ]);
  });

  test("UPS's one dimensions column that is not L x W x H numbers is named in the error", async () => {
    const text = fixture('ups-billing-data.csv').replace('12.0x 10.0x  8.0', '12.0x tenx 8.0');
    const { errors } = await read('ups.csv', 'ups', text);
    expect(errors).toEqual([{ row: 1, column: 'AG (Package Dimensions)', message: 'numberInvalid' }]);
  });

  test('FedEx Billing Online, all columns: one row per tracking id and invoice, the first charge pair its reason', async () => {
    const { lines, errors } = await read('fedex-all-columns.csv', 'fedex');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 2,
        trackingNo: '770011112222',
        amount: 1701,
        reason: 'Transportation Charge',
        billedOz: 64,
        billedSize: '14 x 10 x 6 in',
        zone: '05',
        service: 'FedEx Ground',
        reference: '812345601',
        adjusts: false,
      },
      // Kilograms (K): 2 kg is 70.55 oz, billed as 71.
      expect.objectContaining({ row: 3, trackingNo: '770033334444', amount: 2461, billedOz: 71, billedSize: '' }),
      expect.objectContaining({ row: 4, amount: -161, reason: 'Service Failure Credit', reference: '812345602' }),
    ]);
  });

  test("EasyPost shipment invoice report: the label's final charge, what the carrier captured", async () => {
    const { lines, errors } = await read('easypost-shipment-invoice.csv', 'easypost');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 2,
        trackingNo: '9400111899223817465012',
        amount: 940,
        reason: '',
        billedOz: 38,
        billedSize: '12 x 9 x 6 in',
        zone: '',
        service: 'GroundAdvantage',
        reference: 'pkgdisp_7c6b5a49382716a5b4c3d2e1f0a9b8c7',
        adjusts: false,
      },
      expect.objectContaining({ row: 3, amount: 1015, billedOz: 24, billedSize: '' }),
    ]);
  });

  test('ShipEngine adjustment report: PascalCase headers, one signed line per adjustment', async () => {
    const { lines, errors } = await read('shipengine-adjustments.csv', 'shipengine');
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      {
        row: 2,
        trackingNo: '9400111899223817465036',
        amount: 327,
        reason: 'Weight',
        billedOz: 40,
        billedSize: '14 x 11 x 7 in',
        zone: '',
        service: 'usps_ground_advantage',
        reference: '84210553',
        adjusts: false,
      },
      expect.objectContaining({ row: 3, amount: -105, reason: 'Dimensions', billedOz: 16 }),
    ]);
  });
});

describe('bill presets previewed', () => {
  let t: TestApp;
  let admin: string;
  let channelId: number;

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    channelId = await demoChannelId(t);
  });
  afterAll(async () => t.close());

  const preview = (preset: string, filename: string, content: string) => {
    const body = multipart(filename, Buffer.from(content), 'text/csv', { channelId: String(channelId), preset });
    return call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/bills/preview',
      payload: body.payload,
      headers: body.headers,
    });
  };

  test.each([
    ['ups', 'ups-billing-data.csv', 'total', 2],
    ['fedex', 'fedex-all-columns.csv', 'total', 3],
    ['easypost', 'easypost-shipment-invoice.csv', 'total', 2],
    ['shipengine', 'shipengine-adjustments.csv', 'adjustment', 2],
  ])('%s: %s is read whole, its lines classified', async (preset, file, amountKind, count) => {
    const answer = await preview(preset, `${preset}-${file}`, fixture(file));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ amountKind, errors: [], counts: { unmatched: count } });
  });

  test("a UPS parcel's charge lines are compared, summed, with what the carrier charged for the label", async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '40.00');
    const label = await buyLabel(t.app, merchant.token);
    const { cost } = await t.ctx.db
      .selectFrom('orders')
      .select('cost')
      .where('id', '=', label.orderId)
      .executeTakeFirstOrThrow();
    const file = fixture('ups-billing-data.csv').replaceAll('1Z999AA10123456784', label.tracking);
    const answer = await preview('ups', 'ups-label.csv', file);
    // The order's cost is kept in cents.
    const change = 1652 - Number(cost);
    expect(answer.json().data).toMatchObject({
      amountKind: 'total',
      counts: { [change > 0 ? 'adjustment' : change < 0 ? 'credit' : 'matches']: 1, unmatched: 1 },
    });
  });

  test("a UPS invoice's shipment rows match the label's charge; its ADJ row is an adjustment, the only thing charged", async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '40.00');
    const label = await buyLabel(t.app, merchant.token);
    const order = () =>
      t.ctx.db
        .selectFrom('orders')
        .select(['cost', 'billed_cost'])
        .where('id', '=', label.orderId)
        .executeTakeFirstOrThrow();
    const cost = Number((await order()).cost);
    const parcel = { 'Invoice Number': '0000A1B2C3600', 'Tracking Number': label.tracking };
    // What the carrier charged for the label, over two shipment rows (freight and fuel), then an address
    // correction billed on the same invoice.
    const file = [
      upsRow({
        ...parcel,
        'Charge Category Code': 'SHP',
        'Charge Description': 'Ground',
        'Net Amount': dollars(cost - 100),
      }),
      upsRow({
        ...parcel,
        'Charge Category Code': 'SHP',
        'Charge Description': 'Fuel Surcharge',
        'Net Amount': '1.00',
      }),
      upsRow({
        ...parcel,
        'Charge Category Code': 'ADJ',
        'Charge Category Detail Code': 'ADC',
        'Charge Description': 'Address Correction',
        'Net Amount': '3.40',
      }),
    ].join('\n');
    const answer = await preview('ups', 'ups-adjusted.csv', file);
    expect(answer.statusCode).toBe(200);
    const bill = answer.json().data;
    expect(bill).toMatchObject({
      amountKind: 'total',
      errors: [],
      lines: 2,
      counts: { matches: 1, adjustment: 1, credit: 0, duplicate: 0, unmatched: 0 },
      adjustments: '3.40',
      credits: '0.00',
    });
    const linesOf = async (id: number) =>
      (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${id}/lines?pageSize=100` })).json().data.list;
    expect(await linesOf(bill.id)).toMatchObject([
      { row: 1, kind: 'matches', costChange: '0.00' },
      { row: 3, kind: 'adjustment', cause: 'address', costChange: '3.40' },
    ]);
    // The ADJ row is kept as a change of its own; lines kept before migration 0045 are told so by their key.
    const adjusting = () =>
      t.ctx.db
        .selectFrom('carrier_bill_lines')
        .select(['row_no', 'adjusts'])
        .where('bill_id', '=', bill.id)
        .orderBy('row_no')
        .execute();
    expect(await adjusting()).toEqual([
      { row_no: 1, adjusts: 0 },
      { row_no: 3, adjusts: 1 },
    ]);
    await t.ctx.db.updateTable('carrier_bill_lines').set({ adjusts: 0 }).where('bill_id', '=', bill.id).execute();
    await markAdjustingLines(t.ctx.db as never);
    expect((await adjusting()).map((line) => line.adjusts)).toEqual([0, 1]);

    const ledger = () =>
      t.ctx.db
        .selectFrom('balance_logs')
        .select(['type', 'amount'])
        .where('user_id', '=', merchant.id)
        .orderBy('id')
        .execute();
    const before = (await ledger()).length;
    const posted = await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${bill.id}/post` });
    // The adjustment alone, through the default rule's 10 % markup; an address correction draws no penalty.
    expect(posted.json().data).toMatchObject({ status: 'posted', charged: '3.74', refunded: '0.00', owed: '0.00' });
    expect((await ledger()).slice(before)).toEqual([{ type: FUND_TYPE.billDeduction, amount: -374 }]);
    expect(Number((await order()).billed_cost)).toBe(cost + 340);

    // A later invoice carrying only an adjustment of the label is that change, not the label's whole charge.
    const later = await preview(
      'ups',
      'ups-later.csv',
      upsRow({
        ...parcel,
        'Invoice Number': '0000A1B2C3700',
        'Charge Category Code': 'ADJ',
        'Charge Description': 'Shipping Charge Correction Ground',
        'Net Amount': '1.20',
      }),
    );
    expect(later.json().data).toMatchObject({ counts: { adjustment: 1, credit: 0 }, adjustments: '1.20' });
  });

  test("a UPS invoice uploaded after a newer one's adjustment was posted charges its shipment, not the adjustment back", async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, merchant.id, '40.00');
    const label = await buyLabel(t.app, merchant.token);
    const order = () =>
      t.ctx.db
        .selectFrom('orders')
        .select(['cost', 'billed_cost'])
        .where('id', '=', label.orderId)
        .executeTakeFirstOrThrow();
    const cost = Number((await order()).cost);
    const post = async (id: number) =>
      (await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${id}/post` })).json().data;
    const linesOf = async (id: number) =>
      (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${id}/lines?pageSize=100` })).json().data.list;
    const shipment = (invoice: string, cents: number) =>
      upsRow({
        'Invoice Number': invoice,
        'Tracking Number': label.tracking,
        'Charge Category Code': 'SHP',
        'Charge Description': 'Ground',
        'Net Amount': dollars(cents),
      });
    const correction = (invoice: string, netAmount: string) =>
      upsRow({
        'Invoice Number': invoice,
        'Tracking Number': label.tracking,
        'Charge Category Code': 'ADJ',
        'Charge Description': 'Address Correction',
        'Net Amount': netAmount,
      });

    // The newer invoice (an address correction) comes first and is posted.
    const newer = (await preview('ups', 'ups-newer.csv', correction('0000A1B2C3900', '2.50'))).json().data;
    expect(newer).toMatchObject({ counts: { adjustment: 1 }, adjustments: '2.50' });
    expect(await post(newer.id)).toMatchObject({ charged: '2.75', refunded: '0.00' });
    expect(Number((await order()).billed_cost)).toBe(cost + 250);

    // Then the original invoice: its shipment charge, what the label cost, matches; the correction stays.
    const original = (await preview('ups', 'ups-original.csv', shipment('0000A1B2C3800', cost))).json().data;
    expect(original).toMatchObject({ counts: { matches: 1, credit: 0, adjustment: 0 }, credits: '0.00' });
    expect(await post(original.id)).toMatchObject({ charged: '0.00', refunded: '0.00' });
    expect(Number((await order()).billed_cost)).toBe(cost + 250);

    // A shipment charge 1.00 above the label's cost, in one file after a newer invoice's correction of its own:
    // the correction is added, the charge compared with the label's charge before the corrections.
    const both = [correction('0000A1B2C3910', '1.20'), shipment('0000A1B2C3810', cost + 100)].join('\n');
    const mixed = (await preview('ups', 'ups-both.csv', both)).json().data;
    expect(await linesOf(mixed.id)).toMatchObject([
      { row: 1, kind: 'adjustment', costChange: '1.20' },
      { row: 2, kind: 'adjustment', costChange: '1.00' },
    ]);
    // 2.20 through the default rule's 10 % markup.
    expect(await post(mixed.id)).toMatchObject({ charged: '2.42', refunded: '0.00' });
    expect(Number((await order()).billed_cost)).toBe(cost + 100 + 250 + 120);
  });

  describe('FedEx: a later invoice carries only the change', () => {
    const labelOf = async (merchantToken: string) => {
      const label = await buyLabel(t.app, merchantToken);
      const order = () =>
        t.ctx.db
          .selectFrom('orders')
          .select(['cost', 'billed_cost'])
          .where('id', '=', label.orderId)
          .executeTakeFirstOrThrow();
      return { ...label, order, cost: Number((await order()).cost) };
    };
    const post = async (id: number) =>
      (await call(t.app, admin, { method: 'POST', url: `/api/admin/bills/${id}/post` })).json().data;
    const linesOf = async (id: number) =>
      (await call(t.app, admin, { method: 'GET', url: `/api/admin/bills/${id}/lines?pageSize=100` })).json().data.list;
    const ledger = (userId: number) =>
      t.ctx.db
        .selectFrom('balance_logs')
        .select(['type', 'amount'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();

    test("a parcel's row on a later invoice is an adjustment of that amount, charged once", async () => {
      const merchant = await createActiveCustomer(t, admin);
      await fundWallet(t.app, admin, merchant.id, '40.00');
      const label = await labelOf(merchant.token);

      // Invoice 1 bills what the label cost: it matches and charges nothing.
      const first = (
        await preview(
          'fedex',
          'fedex-812345700.csv',
          fedexFile([['812345700', label.tracking, dollars(label.cost), 'Transportation Charge']]),
        )
      ).json().data;
      expect(first).toMatchObject({ amountKind: 'total', counts: { matches: 1, adjustment: 0, credit: 0 } });
      expect(await post(first.id)).toMatchObject({ charged: '0.00', refunded: '0.00' });
      expect(Number((await label.order()).billed_cost)).toBe(label.cost);

      // Invoice 2 bills the same tracking id 3.10 more: that change, following invoice 1's row, not a credit of
      // the label's charge less 3.10.
      const invoice2 = fedexFile([['812345800', label.tracking, '3.10', 'Address Correction']]);
      const second = (await preview('fedex', 'fedex-812345800.csv', invoice2)).json().data;
      expect(second).toMatchObject({
        counts: { adjustment: 1, credit: 0, matches: 0, duplicate: 0 },
        adjustments: '3.10',
        credits: '0.00',
      });
      expect(await linesOf(second.id)).toMatchObject([
        { row: 2, kind: 'adjustment', cause: 'address', amount: '3.10', costChange: '3.10', follows: `${first.id}:2` },
      ]);
      const before = (await ledger(merchant.id)).length;
      // The change alone, through the default rule's 10 % markup; an address correction draws no penalty.
      expect(await post(second.id)).toMatchObject({ status: 'posted', charged: '3.41', refunded: '0.00' });
      expect((await ledger(merchant.id)).slice(before)).toEqual([{ type: FUND_TYPE.billDeduction, amount: -341 }]);
      expect(Number((await label.order()).billed_cost)).toBe(label.cost + 310);

      // Invoice 2 posted again, and in another download of it: nothing is charged twice.
      expect(await post(second.id)).toMatchObject({ status: 'posted', charged: '3.41' });
      const again = (await preview('fedex', 'fedex-812345800-again.csv', `${invoice2}\n`)).json().data;
      expect(again).toMatchObject({ uploadedBefore: false, counts: { duplicate: 1, adjustment: 0, credit: 0 } });
      expect(await linesOf(again.id)).toMatchObject([{ kind: 'duplicate', duplicateOf: `${second.id}:2` }]);
      expect(await post(again.id)).toMatchObject({ charged: '0.00', refunded: '0.00' });
      expect((await ledger(merchant.id)).length).toBe(before + 1);
      expect(Number((await label.order()).billed_cost)).toBe(label.cost + 310);
    });

    test("a parcel's first invoice is its whole charge; in one file, another invoice number's row is the change", async () => {
      const merchant = await createActiveCustomer(t, admin);
      await fundWallet(t.app, admin, merchant.id, '60.00');
      const fresh = await labelOf(merchant.token);
      const corrected = await labelOf(merchant.token);
      const file = fedexFile([
        // Never billed before: 1.00 above the label's charge is a change of 1.00, not of the whole amount.
        ['812345900', fresh.tracking, dollars(fresh.cost + 100), 'Transportation Charge'],
        ['812345900', corrected.tracking, dollars(corrected.cost), 'Transportation Charge'],
        ['812346000', corrected.tracking, '2.00', 'Weight Correction'],
      ]);
      const bill = (await preview('fedex', 'fedex-two-invoices.csv', file)).json().data;
      expect(bill).toMatchObject({ counts: { adjustment: 2, matches: 1, credit: 0 }, adjustments: '3.00' });
      expect(await linesOf(bill.id)).toMatchObject([
        { row: 2, kind: 'adjustment', costChange: '1.00', follows: '' },
        { row: 3, kind: 'matches', costChange: '0.00', follows: '' },
        { row: 4, kind: 'adjustment', cause: 'weightOrSize', costChange: '2.00', follows: `${bill.id}:3` },
      ]);
      // 1.10 and 2.20 through the 10 % markup, with the wrong-size penalty (5.00) on the weight correction.
      expect(await post(bill.id)).toMatchObject({ charged: '8.30', refunded: '0.00', owed: '0.00' });
      expect(Number((await fresh.order()).billed_cost)).toBe(fresh.cost + 100);
      expect(Number((await corrected.order()).billed_cost)).toBe(corrected.cost + 200);
    });
  });
});
