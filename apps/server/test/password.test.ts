import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  countRows,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  login,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp({ publicUrl: 'https://ship.example.com' });
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const updatePassword = (token: string | null, payload: object) =>
  call(t.app, token, { method: 'POST', url: '/api/user/updatePassword', payload });
const forgot = (email: string) =>
  call(t.app, null, { method: 'POST', url: '/api/user/password/forgot', payload: { email } });
const reset = (token: string, password: string, confirmPassword = password) =>
  call(t.app, null, { method: 'POST', url: '/api/user/password/reset', payload: { token, password, confirmPassword } });

/** The reset link mailed to `email` last, and the token in it. */
async function resetLink(email: string) {
  const mail = await t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.body)?.[0] ?? '';
  return { mail, link, token: new URL(link).searchParams.get('token') ?? '' };
}

describe('change password', () => {
  test('needs the right old password: a wrong one is refused on oldPassword and changes nothing', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const res = await updatePassword(customer.token, {
      oldPassword: 'Wrong#Pass1',
      password: 'Brand#New1',
      confirmPassword: 'Brand#New1',
    });
    expect(expectFieldError(res, 'oldPassword')).toBe('The old password is incorrect');
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
    expectEnvelope(await login(t.app, customer.email, 'Brand#New1'), 401);
  });

  test('checks the form: old password required, 8-16 characters, confirmation matching', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const base = { oldPassword: customer.password, password: 'Brand#New1', confirmPassword: 'Brand#New1' };
    expectFieldError(await updatePassword(customer.token, { ...base, oldPassword: '' }), 'oldPassword');
    expectFieldError(
      await updatePassword(customer.token, { password: 'Brand#New1', confirmPassword: 'Brand#New1' }),
      'oldPassword',
    );
    for (const password of ['Short#1', 'Far#Too#Long#Pass1']) {
      const res = await updatePassword(customer.token, { ...base, password, confirmPassword: password });
      expect(expectFieldError(res, 'password')).toBe('Password must be 8-16 characters');
    }
    const mismatch = await updatePassword(customer.token, { ...base, confirmPassword: 'Brand#New2' });
    expect(expectFieldError(mismatch, 'confirmPassword')).toBe('Passwords do not match');
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
  });

  test('needs a signed-in user', async () => {
    const res = await updatePassword(null, { oldPassword: 'x', password: 'Brand#New1', confirmPassword: 'Brand#New1' });
    expectEnvelope(res, 401);
  });

  test('afterwards the new password signs in and the old one does not', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const res = await updatePassword(customer.token, {
      oldPassword: customer.password,
      password: 'Brand#New1',
      confirmPassword: 'Brand#New1',
    });
    expectEnvelope(res, 200);
    expectEnvelope(await login(t.app, customer.email, 'Brand#New1'), 200);
    const old = await login(t.app, customer.email, customer.password);
    expect(expectEnvelope(old, 401).message).toBe('Incorrect username or password');
  });
});

describe('forgot password', () => {
  test('mails a reset link to a known address', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const res = await forgot(customer.email.toUpperCase());
    expectEnvelope(res, 200);
    const { mail, link, token } = await resetLink(customer.email);
    expect(mail.subject).toBe('Reset your password');
    expect(link.startsWith('https://ship.example.com/')).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // The link's secret is kept only as a hash.
    const rows = await t.ctx.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('answers an unknown address exactly the same, and mails nothing', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const known = await forgot(customer.email);
    const mails = await countRows(t, 'mail_outbox');
    const unknown = await forgot('nobody-here@shop.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await countRows(t, 'mail_outbox')).toBe(mails);
  });

  test('refuses something that is not an address with 400 naming email', async () => {
    expectFieldError(await forgot('nope'), 'email');
  });
});

describe('reset password', () => {
  test('sets the new password once, and signs the account out everywhere', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const otherSession = await loginToken(t.app, customer.email, customer.password);
    await forgot(customer.email);
    const { token } = await resetLink(customer.email);

    expectEnvelope(await reset(token, 'Reset#Pass1'), 200);
    expectEnvelope(await login(t.app, customer.email, 'Reset#Pass1'), 200);
    expectEnvelope(await login(t.app, customer.email, customer.password), 401);
    for (const session of [customer.token, otherSession]) {
      expectEnvelope(await call(t.app, session, { method: 'GET', url: '/api/user/info' }), 401);
    }

    const again = await reset(token, 'Second#Pass1');
    expect(expectFieldError(again, 'token')).toBe('The reset link is invalid or has expired');
    expectEnvelope(await login(t.app, customer.email, 'Second#Pass1'), 401);
    expectEnvelope(await login(t.app, customer.email, 'Reset#Pass1'), 200);
  });

  test('refuses an expired link and keeps the old password', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    await forgot(customer.email);
    const { token } = await resetLink(customer.email);
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expectFieldError(await reset(token, 'Reset#Pass1'), 'token');
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
    expectEnvelope(await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' }), 200);
  });

  test('refuses a made-up link, and a bad new password without using the link up', async () => {
    expectFieldError(await reset('made-up-token', 'Reset#Pass1'), 'token');
    const customer = await createActiveCustomer(t, adminToken);
    await forgot(customer.email);
    const { token } = await resetLink(customer.email);
    expect(expectFieldError(await reset(token, 'short'), 'password')).toBe('Password must be 8-16 characters');
    expectFieldError(await reset(token, 'Reset#Pass1', 'Reset#Pass2'), 'confirmPassword');
    expectEnvelope(await reset(token, 'Reset#Pass1'), 200);
    expectEnvelope(await login(t.app, customer.email, 'Reset#Pass1'), 200);
  });
});
