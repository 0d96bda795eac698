import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, expectFieldError, loginToken, startApp, type TestApp } from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

function multipart(filename: string, content: string) {
  const boundary = '----pp-rule';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const parcels = [{ length: 10, width: 8, height: 4, weight: 1 }];

let t: TestApp;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '100.00', remark: 'test funds' },
  });
});
afterAll(async () => t.close());

const post = (url: string, payload: object) => call(t.app, customer.token, { method: 'POST', url, payload });

describe('an address is checked for its country', () => {
  test('a US ZIP of 4 digits or a made-up state is refused by the draft, the estimate and the address book', async () => {
    const cases = [
      { party: 'to', change: { zipCode: '1011' }, field: 'to.zipCode', message: 'ZIP must be 5 digits or ZIP+4' },
      {
        party: 'from',
        change: { zipCode: '90210-12' },
        field: 'from.zipCode',
        message: 'ZIP must be 5 digits or ZIP+4',
      },
      {
        party: 'to',
        change: { stateCode: 'XX' },
        field: 'to.stateCode',
        message: 'State must be a 2-letter US state code',
      },
      {
        party: 'to',
        change: { countryCode: 'ZZ' },
        field: 'to.countryCode',
        message: 'Enter a two-letter ISO 3166 country code (such as US or CN)',
      },
      {
        party: 'from',
        change: { countryCode: '1!' },
        field: 'from.countryCode',
        message: 'Enter a two-letter ISO 3166 country code (such as US or CN)',
      },
      { party: 'to', change: { email: 'a@b' }, field: 'to.email', message: 'Enter a valid email address' },
    ] as const;
    for (const { party, change, field, message } of cases) {
      const order = { from, to, parcels, [party]: { ...(party === 'to' ? to : from), ...change } };
      for (const url of ['/api/app/order/draft', '/api/app/order/estimateRateMix'])
        expect(expectFieldError(await post(url, order), field)).toBe(message);
      const entry = await post('/api/app/user/address', { title: 'Home', ...to, ...change });
      expect(expectFieldError(entry, field.split('.')[1] as string)).toBe(message);
    }
    expect(await t.ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('address_book').select('id').execute()).toEqual([]);
  });

  test('ZIP+4, DC, territories and military states pass; other countries keep their own formats', async () => {
    for (const party of [
      { ...to, zipCode: '10118-0110' },
      { ...to, stateCode: 'DC', city: 'Washington', zipCode: '20500' },
      { ...to, stateCode: 'PR', city: 'San Juan', zipCode: '00901' },
      { ...to, stateCode: 'AE', city: 'APO', zipCode: '09001' },
      { ...to, countryCode: 'CA', stateCode: 'ON', city: 'Toronto', zipCode: 'M5V 2T6' },
    ]) {
      const res = await post('/api/app/order/draft', { from, to: party, parcels });
      expect(res.statusCode).toBe(200);
    }
  });

  test('an imported row with a bad ZIP is reported by row and column and not created', async () => {
    const sender = 'Ada,9450 Wilshire Blvd,Beverly Hills,CA,90210';
    const csv = [
      'Sender name,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height',
      `${sender},Grace,350 5th Ave,New York,NY,1011,10,8,4`,
      `${sender},Hal,350 5th Ave,New York,ZZ,10118,10,8,4`,
    ].join('\n');
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/import',
      ...multipart('orders.csv', csv),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ created: 0 });
    expect(res.json().data.errors).toEqual([
      { row: 2, column: 'J (Recipient ZIP)', field: 'toZip', message: 'ZIP must be 5 digits or ZIP+4' },
      { row: 3, column: 'I (Recipient state)', field: 'toState', message: 'State must be a 2-letter US state code' },
    ]);
  });

  test('a saved order whose ZIP fails the rule is neither priced nor bought: 400 naming the field', async () => {
    const saved = await post('/api/app/order/draft', { from, to, parcels });
    const { orderId } = saved.json().data;
    const lines = (await post('/api/app/order/estimateRateMix', { orderId })).json().data as { serviceId: number }[];
    // As an order saved before the rule (or written by other means) holds it.
    await t.ctx.db
      .updateTable('orders')
      .set({ to_address: JSON.stringify({ ...to, zipCode: '1011', countryCode: 'US' }), to_zip: '1011' })
      .where('id', '=', orderId)
      .execute();
    expectFieldError(await post('/api/app/order/estimateRateMix', { orderId }), 'to.zipCode');
    const bought = await post('/api/app/order/label/create', { orderId, serviceId: lines[0]?.serviceId });
    expect(expectFieldError(bought, 'to.zipCode')).toBe('ZIP must be 5 digits or ZIP+4');
    const order = await t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    expect(order?.status).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('balance_logs')
        .select('id')
        .where('user_id', '=', customer.id)
        .where('type', '=', 1)
        .execute(),
    ).toEqual([]);
  });
});
