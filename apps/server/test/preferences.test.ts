/** A user's arrangement of a list's table (issue 14): kept per user and list, only ever one's own. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, expectFieldError, loginToken, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let first: { id: number; token: string };
let second: { id: number; token: string };

const settings = {
  density: 'small',
  index: true,
  columns: [
    { key: 'orderNo', visible: true, pin: 'left' },
    { key: 'createdAt', visible: true, pin: 'none' },
    { key: 'sender', visible: false, pin: 'none' },
  ],
};
const read = (token: string | null, list = 'orders', language = 'en-US') =>
  call(t.app, token, {
    method: 'GET',
    url: `/api/user/tableSettings/${list}`,
    headers: { 'accept-language': language },
  });
const save = (token: string | null, payload: object, list = 'orders', language = 'en-US') =>
  call(t.app, token, {
    method: 'POST',
    url: `/api/user/tableSettings/${list}`,
    payload,
    headers: { 'accept-language': language },
  });

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  first = await createActiveCustomer(t, admin);
  second = await createActiveCustomer(t, admin);
});
afterAll(async () => t.close());

describe('table settings', () => {
  test("a user keeps the list's own arrangement until they save theirs, per list, and can go back to it", async () => {
    expect((await read(first.token)).json()).toMatchObject({ code: 200, data: null });
    expect((await save(first.token, settings)).json()).toMatchObject({ code: 200 });
    expect((await read(first.token)).json().data).toEqual(settings);
    // Another list and another user are untouched.
    expect((await read(first.token, 'waybills')).json().data).toBeNull();
    expect((await read(second.token)).json().data).toBeNull();

    const changed = { ...settings, density: 'large', index: false };
    await save(first.token, changed);
    expect((await read(first.token)).json().data).toEqual(changed);

    const reset = await call(t.app, first.token, { method: 'POST', url: '/api/user/tableSettings/orders/reset' });
    expect(reset.json()).toMatchObject({ code: 200 });
    expect((await read(first.token)).json().data).toBeNull();
  });

  test('bad settings are refused by field, in the reader language, and change nothing', async () => {
    await save(second.token, settings);
    expectFieldError(await save(second.token, { ...settings, density: 'huge' }), 'density');
    expectFieldError(
      await save(second.token, {
        ...settings,
        columns: [...settings.columns, { key: 'orderNo', visible: false, pin: 'none' }],
      }),
      'columns',
    );
    const twice = await save(
      second.token,
      { ...settings, columns: [...settings.columns, { key: 'sender', visible: true, pin: 'none' }] },
      'orders',
      'zh-CN',
    );
    expect(expectFieldError(twice, 'columns')).toBe('同一列出现了两次');
    expectFieldError(
      await save(second.token, { ...settings, columns: [{ key: 'orderNo', visible: true, pin: 'top' }] }),
      'columns.0.pin',
    );
    expectFieldError(await save(second.token, settings, 'parcels'), 'list');
    expect((await read(second.token)).json().data).toEqual(settings);
  });

  test('signed out, nobody reads or writes them', async () => {
    expect((await read(null)).statusCode).toBe(401);
    expect((await save(null, settings)).statusCode).toBe(401);
  });
});
