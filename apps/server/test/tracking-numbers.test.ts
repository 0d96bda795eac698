import { isValidTracking } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SERIAL_SPACE, trackingNumberFor } from '../src/carriers/ratecard/tracking-numbers.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

const parts = { mailerId: '902123456', shipperNumber: 'R0W9K2', serviceTypeCode: undefined };

describe('tracking numbers at the end of their format', () => {
  test.each(['USPS', 'UPS', 'FEDEX'] as const)(
    '%s: the last serial is issued, the next is refused, never wrapped',
    (carrier) => {
      const last = trackingNumberFor(carrier, SERIAL_SPACE[carrier] - 1, parts);
      expect(isValidTracking(carrier, last)).toBe(true);
      const issued = new Set([trackingNumberFor(carrier, 1, parts), last]);
      expect(() => trackingNumberFor(carrier, SERIAL_SPACE[carrier], parts)).toThrow(
        expect.objectContaining({ key: 'trackingNumbersUsedUp' }),
      );
      expect(() => trackingNumberFor(carrier, SERIAL_SPACE[carrier] + 1, parts)).toThrow(
        expect.objectContaining({ key: 'trackingNumbersUsedUp' }),
      );
      expect(issued.size).toBe(2);
    },
  );
});

describe('buying past the last UPS number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  test('the purchase fails with the reason and is refunded; no number is issued twice', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '100.00', remark: 'x' },
    });
    const address = { personName: 'P', countryCode: 'US', addressLine1: '1 Main St' };
    const bought: string[] = [];
    const buyUps = async () => {
      const { orderId } = (
        await call(t.app, customer.token, {
          method: 'POST',
          url: '/api/app/order/draft',
          payload: {
            from: { ...address, stateCode: 'CA', city: 'Beverly Hills', zipCode: '90210' },
            to: { ...address, stateCode: 'NY', city: 'New York', zipCode: '10118' },
            parcels: [{ length: 6, width: 6, height: 6, weight: 1 }],
          },
        })
      ).json().data;
      const ups = (
        await call(t.app, customer.token, {
          method: 'POST',
          url: '/api/app/order/estimateRateMix',
          payload: { orderId },
        })
      )
        .json()
        .data.find((line: { serviceCode: string }) => line.serviceCode === 'UPS_GROUND');
      return call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId, serviceId: ups.serviceId },
      });
    };
    // The first label takes serial 1; then the sequence is moved to just before the end of the format.
    const first = await buyUps();
    bought.push(first.json().data.tackNo);
    await t.ctx.db
      .updateTable('sequences')
      .set({ value: SERIAL_SPACE.UPS - 2 })
      .where('name', '=', 'ratecard:UPS')
      .execute();
    const last = await buyUps();
    expect(last.statusCode).toBe(200);
    bought.push(last.json().data.tackNo);
    const balance = (await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' })).json().data.balance;

    for (let i = 0; i < 2; i++) {
      const refused = await buyUps();
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/UPS tracking numbers are used up/);
      expect(refused.json().data).toMatchObject({ status: 5 });
    }
    expect((await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' })).json().data.balance).toBe(
      balance,
    );
    const numbers = await t.ctx.db
      .selectFrom('orders')
      .select('tracking_no')
      .where('tracking_no', 'is not', null)
      .execute();
    expect(numbers.map((row) => row.tracking_no).sort()).toEqual([...bought].sort());
    expect(new Set(bought).size).toBe(2);
  });
});
