/**
 * The bill presets against the carriers' real layouts (docs/bills.md, "Presets"): each fixture under
 * fixtures/bills has the published columns in their published order with made-up rows. Each is read with its
 * preset field by field, and previewed through the API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
});
