import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectFieldError,
  loginToken,
  registration,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';

const TOO_COMMON = 'This password is too common; choose one that is harder to guess';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp({ publicUrl: 'https://ship.example.com' });
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('the commonest passwords are refused', () => {
  test('at registration, whatever their case, and nothing is made', async () => {
    const email = 'common@shop.test';
    const code = await sendCode(t, email);
    for (const password of ['Password1', 'qwerty123', '12345678', 'ILOVEYOU1']) {
      const res = await call(t.app, null, {
        method: 'POST',
        url: '/api/user/register',
        payload: registration(email, code, { password, confirmPassword: password }),
      });
      expect(expectFieldError(res, 'password')).toBe(TOO_COMMON);
    }
    expect(await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).execute()).toEqual([]);
  });

  test('at a password change and a reset; an uncommon one still goes through', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const change = (password: string) =>
      call(t.app, customer.token, {
        method: 'POST',
        url: '/api/user/updatePassword',
        payload: { oldPassword: customer.password, password, confirmPassword: password },
      });
    expect(expectFieldError(await change('sunshine1'), 'password')).toBe(TOO_COMMON);

    await call(t.app, null, { method: 'POST', url: '/api/user/password/forgot', payload: { email: customer.email } });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('recipient', '=', customer.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = new URL(/https?:\/\/\S+/.exec(mail.body)?.[0] ?? '').searchParams.get('token') ?? '';
    const reset = (password: string) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/user/password/reset',
        payload: { token, password, confirmPassword: password },
      });
    expect(expectFieldError(await reset('football'), 'password')).toBe(TOO_COMMON);
    expect((await reset('Tide#Pool-2031')).statusCode).toBe(200);
  });
});
