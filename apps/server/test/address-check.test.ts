import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkAddress } from '../src/modules/addresses/validate.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

describe('address check', () => {
  test('a good address passes, standardised to USPS form', () => {
    const check = checkAddress({
      countryCode: 'US',
      stateCode: 'ny',
      city: 'New York',
      addressLine1: '350 Fifth Avenue Suite 3300',
      zipCode: '10118',
    });
    expect(check.valid).toBe(true);
    expect(check.suggestion).toMatchObject({
      addressLine1: '350 FIFTH AVE',
      addressLine2: 'STE 3300',
      city: 'NEW YORK',
      stateCode: 'NY',
    });
    expect(check.corrected).toBe(true);
  });

  test('directionals, suffixes and unit designators are abbreviated', () => {
    const check = checkAddress({
      stateCode: 'CA',
      city: 'Beverly Hills',
      addressLine1: '123 North Main Street',
      addressLine2: 'Apartment 4b',
      zipCode: '90210',
    });
    expect(check.suggestion.addressLine1).toBe('123 N MAIN ST');
    expect(check.suggestion.addressLine2).toBe('APT 4B');
  });

  test('a state that does not match the ZIP is an error with the ZIP’s state suggested', () => {
    const check = checkAddress({
      stateCode: 'NJ',
      city: 'Beverly Hills',
      addressLine1: '1 Rodeo Dr',
      zipCode: '90210',
    });
    expect(check.valid).toBe(false);
    expect(check.issues).toContainEqual({ field: 'stateCode', code: 'stateMismatch', severity: 'error' });
    expect(check.suggestion.stateCode).toBe('CA');
  });

  test('a city that is not the ZIP’s is a warning with the ZIP’s city suggested', () => {
    const check = checkAddress({ stateCode: 'CA', city: 'Los Angeles', addressLine1: '1 Rodeo Dr', zipCode: '90210' });
    expect(check.valid).toBe(true);
    expect(check.issues).toContainEqual({ field: 'city', code: 'cityMismatch', severity: 'warning' });
    expect(check.suggestion.city).toBe('BEVERLY HILLS');
  });

  test('unknown or malformed ZIPs and missing fields are errors', () => {
    expect(
      checkAddress({ stateCode: 'CA', city: 'X', addressLine1: '1 A St', zipCode: '00000' }).issues,
    ).toContainEqual({
      field: 'zipCode',
      code: 'zipUnknown',
      severity: 'error',
    });
    expect(checkAddress({ stateCode: 'CA', city: 'X', addressLine1: '1 A St', zipCode: '9021' }).issues[0]?.code).toBe(
      'zipFormat',
    );
    const empty = checkAddress({});
    expect(empty.issues.filter((i) => i.code === 'required').map((i) => i.field)).toEqual([
      'addressLine1',
      'city',
      'stateCode',
      'zipCode',
    ]);
  });

  test('PO boxes and military addresses are flagged', () => {
    expect(
      checkAddress({ stateCode: 'CA', city: 'Beverly Hills', addressLine1: 'P.O. Box 123', zipCode: '90210' }).poBox,
    ).toBe(true);
    expect(
      checkAddress({ stateCode: 'CA', city: 'Beverly Hills', addressLine1: '12 Boxwood Ln', zipCode: '90210' }).poBox,
    ).toBe(false);
    const military = checkAddress({
      stateCode: 'AE',
      city: 'APO',
      addressLine1: 'Unit 2050 Box 4190',
      zipCode: '09001',
    });
    expect(military.military).toBe(true);
    expect(military.valid).toBe(true);
  });
});

describe('address and zone calls', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => t.close());

  const to = (over: Record<string, string>) => ({
    personName: 'R',
    countryCode: 'US',
    stateCode: 'NY',
    city: 'New York',
    addressLine1: '350 5th Ave',
    zipCode: '10118',
    ...over,
  });
  const from = to({ stateCode: 'CA', city: 'Beverly Hills', zipCode: '90210' });

  test('batch validation marks each order valid, corrected or invalid, in the caller’s language', async () => {
    const customer = await createActiveCustomer(t, admin);
    const make = async (recipient: Record<string, string>) =>
      (
        await call(t.app, customer.token, {
          method: 'POST',
          url: '/api/app/order/draft',
          payload: { from, to: recipient, parcels: [{ length: 5, width: 5, height: 5, weight: 1 }] },
        })
      ).json().data.orderId as number;
    const good = await make(to({ addressLine1: '350 5TH AVE', city: 'NEW YORK' }));
    const fixable = await make(to({ addressLine1: '350 Fifth Avenue' }));
    const bad = await make(to({ stateCode: 'TX' }));
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/address/validate/batch',
      payload: { ids: [good, fixable, bad] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 1, corrected: 1, invalid: 1 });
    const rows = await t.ctx.db
      .selectFrom('orders')
      .select(['id', 'address_status', 'address_note'])
      .where('id', 'in', [good, fixable, bad])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.address_status)).toEqual([1, 2, 3]);
    expect(rows[2]?.address_note).toContain('the state does not match the ZIP code');
    // The order list carries the mark and its note, for the list's address column.
    const listed = (
      await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/orders?status=0&pageSize=50' })
    ).json().data.list as { id: number; addressStatus: number; addressNote: string }[];
    const byId = new Map(listed.map((order) => [order.id, order]));
    expect([good, fixable, bad].map((id) => byId.get(id)?.addressStatus)).toEqual([1, 2, 3]);
    expect(byId.get(bad)?.addressNote).toContain('the state does not match the ZIP code');
    expect(byId.get(good)?.addressNote).toBe('');
    const single = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/address/validate',
      payload: to({ stateCode: 'TX' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(single.json().data.issues[0].message).toBe('州与邮编不符');
  });

  test('a zone query costs 0.10 USD with a ledger row, and is refused clearly when funds are short', async () => {
    const customer = await createActiveCustomer(t, admin);
    const refused = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/zone/query',
      payload: { originZip: '90210', destinationZip: '10118' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Insufficient funds: each zone query costs 0.10 USD; please top up first');
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '0.25', remark: 'x' },
    });
    const answered = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/zone/query',
      payload: { originZip: '90210', destinationZip: '10118' },
    });
    expect(answered.json().data).toMatchObject({ zone: 8, source: 'distance', fee: '0.10', balanceAfter: '0.15' });
    expect(answered.json().data.miles).toBeGreaterThan(2000);
    const near = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/zone/query',
      payload: { originZip: '90210', destinationZip: '90401' },
    });
    expect(near.json().data).toMatchObject({ zone: 1, balanceAfter: '0.05' });
    const broke = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/zone/query',
      payload: { originZip: '90210', destinationZip: '10118' },
    });
    expect(broke.statusCode).toBe(422);
    const unknown = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/zone/query',
      payload: { originZip: '90210', destinationZip: '00000' },
    });
    expect(unknown.statusCode).toBe(400);
    // The ZIP at fault is the one named: an unknown origin is not blamed on the destination.
    const unknownAt = async (originZip: string, destinationZip: string) =>
      Object.keys(
        (
          await call(t.app, customer.token, {
            method: 'POST',
            url: '/api/app/zone/query',
            payload: { originZip, destinationZip },
          })
        ).json().data.fields,
      );
    expect(await unknownAt('90210', '00000')).toEqual(['destinationZip']);
    expect(await unknownAt('00000', '10118')).toEqual(['originZip']);
    expect(await unknownAt('00000', '00001')).toEqual(['originZip', 'destinationZip']);
    const fees = await t.ctx.db
      .selectFrom('balance_logs')
      .select(['type', 'amount'])
      .where('user_id', '=', customer.id)
      .where('type', '=', 5)
      .execute();
    expect(fees).toEqual([
      { type: 5, amount: -10 },
      { type: 5, amount: -10 },
    ]);
  });
});
