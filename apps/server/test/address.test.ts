import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let customerToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customerToken = (await createActiveCustomer(t, adminToken)).token;
});
afterAll(async () => t.close());

const getCity = (token: string | null, zip: string, locale = 'en-US') =>
  call(t.app, token, {
    method: 'GET',
    url: `/api/app/user/address/getCity?zip=${encodeURIComponent(zip)}`,
    headers: { 'accept-language': locale },
  });

describe('GET /api/app/user/address/getCity', () => {
  test('answers the city, state and country of a known ZIP to any signed-in user', async () => {
    for (const token of [customerToken, adminToken]) {
      const res = await getCity(token, '90210');
      const body = expectEnvelope(res, 200);
      expect(body.data).toEqual({ city: 'Beverly Hills', stateCode: 'CA', countryCode: 'US' });
    }
    expect(expectEnvelope(await getCity(customerToken, '10118'), 200).data).toEqual({
      city: 'New York',
      stateCode: 'NY',
      countryCode: 'US',
    });
  });

  test('reads the 5-digit ZIP of a ZIP+4 and ignores surrounding spaces', async () => {
    expect(expectEnvelope(await getCity(customerToken, ' 98101-1234 '), 200).data).toEqual({
      city: 'Seattle',
      stateCode: 'WA',
      countryCode: 'US',
    });
  });

  test('an unknown ZIP is the 404 envelope with a message in the asked language', async () => {
    expect(expectEnvelope(await getCity(customerToken, '00000'), 404).message).toBe(
      'No city is known for this ZIP code',
    );
    expect(expectEnvelope(await getCity(customerToken, '00000', 'zh-CN'), 404).message).toBe('未找到该邮编对应的城市');
  });

  test('a malformed or missing ZIP is a 400 naming the field', async () => {
    expect(expectFieldError(await getCity(customerToken, 'ABCDE'), 'zip')).toBe('A ZIP code is 5 digits (or ZIP+4)');
    expectFieldError(await getCity(customerToken, '1234'), 'zip');
    const missing = await call(t.app, customerToken, { method: 'GET', url: '/api/app/user/address/getCity' });
    expectFieldError(missing, 'zip');
  });

  test('needs a session', async () => {
    expectEnvelope(await getCity(null, '90210'), 401);
  });
});
