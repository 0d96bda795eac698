import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  countRows,
  createStaff,
  expectEnvelope,
  expectFieldError,
  latestCode,
  login,
  loginToken,
  registration,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;
let serial = 0;
/** A fresh address per test, so each one has its own codes. */
const newEmail = (label: string) => `${label.toLowerCase()}-${++serial}@shop.test`;

const register = (payload: object, language = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload,
    headers: { 'accept-language': language },
  });

const userRow = (email: string) =>
  t.ctx.db.selectFrom('users').selectAll().where('username', '=', email).executeTakeFirst();

/** Lets the next code for `email` be sent at once, as if the minute had passed. */
const ageCodes = (email: string) =>
  t.ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
    .where('email', '=', email)
    .execute();

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('verification code', () => {
  test('is mailed as six digits, in zh-CN by default and in English on request', async () => {
    const email = newEmail('mail');
    expectEnvelope(await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } }), 200);
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.body).toMatch(/\b\d{6}\b/);
    expect(mail.subject).toBe('Your registration code');

    const zhEmail = newEmail('mail-zh');
    await t.app.inject({ method: 'POST', url: '/api/user/code/send', payload: { email: zhEmail } });
    const zh = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', zhEmail)
      .executeTakeFirstOrThrow();
    expect(zh.subject).toBe('您的注册验证码');
    expect(zh.body).toMatch(/\b\d{6}\b/);
    // Only its hash is kept.
    const stored = await t.ctx.db.selectFrom('verification_codes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(await latestCode(t, zhEmail));
  });

  test('a second code within 60 seconds is refused with 429 and not mailed', async () => {
    const email = newEmail('resend');
    await sendCode(t, email);
    const mails = await countRows(t, 'mail_outbox');
    const again = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
    expect(expectEnvelope(again, 429).message).toBe('A code was just sent; please wait a minute');
    expect(await countRows(t, 'mail_outbox')).toBe(mails);
  });

  test('after the minute a new code is sent and replaces the old one', async () => {
    const email = newEmail('replace');
    const first = await sendCode(t, email);
    await ageCodes(email);
    const second = await sendCode(t, email);
    if (first !== second) {
      expectFieldError(await register(registration(email, first)), 'code');
    }
    expectEnvelope(await register(registration(email, second)), 200);
  });

  test('an invalid address is refused with 400 naming email', async () => {
    const res = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email: 'not-mail' } });
    expect(expectFieldError(res, 'email')).toBe('Enter a valid email address');
    expectFieldError(await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: {} }), 'email');
  });
});

describe('register', () => {
  test('makes an inactive customer with the customer role and USD and CNY wallets', async () => {
    const email = newEmail('new');
    const code = await sendCode(t, email);
    const res = await register(
      registration(email, code, { nickName: 'Ada', wechat: 'ada_wx', email: `  ${email.toUpperCase()} ` }),
    );
    expectEnvelope(res, 200);

    // As the administrator sees it.
    const list = await call(t.app, adminToken, { method: 'GET', url: `/api/admin/list?keyword=${email}` });
    const [listed] = expectEnvelope(list, 200).data.list;
    expect(listed).toMatchObject({
      username: email,
      name: 'Ada Shop',
      company: 'Shop Co',
      phone: '+1 555 0100',
      status: 0,
      kind: 'customer',
      ownerId: null,
      balance: '0.00',
    });
    expect(listed.roles.map((role: { code: string }) => role.code)).toEqual(['customer']);

    const row = await userRow(email);
    expect(row).toMatchObject({ first_name: 'Ada', last_name: 'Shop', nick_name: 'Ada', wechat: 'ada_wx' });
    expect(row?.password_hash).not.toContain('Customer#1');
    const wallets = await t.ctx.db.selectFrom('wallets').selectAll().where('user_id', '=', row!.id).execute();
    expect(wallets.map((wallet) => wallet.currency).sort()).toEqual(['CNY', 'USD']);
    expect(wallets.every((wallet) => wallet.balance === 0)).toBe(true);

    // Inactive until an administrator activates it.
    expectEnvelope(await login(t.app, email, 'Customer#1'), 403);
    await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${row!.id}`,
      payload: { status: 1 },
    });
    const token = expectEnvelope(await login(t.app, email, 'Customer#1'), 200).data.token;
    const info = expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/user/info' }), 200).data;
    expect(info.roleCodes).toEqual(['customer']);
    expect(info.wallets.map((wallet: { currency: string }) => wallet.currency).sort()).toEqual(['CNY', 'USD']);
  });

  test.each(['email', 'phone', 'company', 'firstName', 'lastName', 'password', 'code'])(
    'without %s is refused with 400 naming it, and makes nothing',
    async (field) => {
      const email = newEmail(`missing-${field}`);
      const code = await sendCode(t, email);
      const users = await countRows(t, 'users');
      const missing: Record<string, unknown> = registration(email, code);
      delete missing[field];
      expectFieldError(await register(missing), field);
      if (field !== 'password') {
        // Blank counts as missing too.
        const blank = expectFieldError(await register(registration(email, code, { [field]: '   ' })), field);
        if (!['email', 'password'].includes(field)) expect(blank).toBe('This field is required');
      }
      expect(await countRows(t, 'users')).toBe(users);
      // The failed attempts did not use the code up.
      expectEnvelope(await register(registration(email, code)), 200);
    },
  );

  test('passwords that do not match are refused on confirmPassword', async () => {
    const email = newEmail('mismatch');
    const code = await sendCode(t, email);
    const res = await register(registration(email, code, { confirmPassword: 'Customer#2' }));
    expect(expectFieldError(res, 'confirmPassword')).toBe('Passwords do not match');
    expect(Object.keys(res.json().data.fields)).toEqual(['confirmPassword']);
    const zh = await register(registration(email, code, { confirmPassword: 'Customer#2' }), 'zh-CN');
    expect(expectFieldError(zh, 'confirmPassword')).toBe('两次输入的密码不一致');
    expect(await userRow(email)).toBeUndefined();
  });

  test('a password must be 8 to 16 characters', async () => {
    for (const password of ['1234567', '12345678901234567']) {
      const email = newEmail('short-long');
      const code = await sendCode(t, email);
      const res = await register(registration(email, code, { password, confirmPassword: password }));
      expect(expectFieldError(res, 'password')).toBe('Password must be 8-16 characters');
      expect(await userRow(email)).toBeUndefined();
    }
    // Uncommon ones: the commonest passwords are refused whatever their length.
    for (const password of ['Tq7#mPz2', 'Tq7#mPz2-Lk9!Wx4']) {
      const email = newEmail('edge');
      const code = await sendCode(t, email);
      expectEnvelope(await register(registration(email, code, { password, confirmPassword: password })), 200);
      const row = await userRow(email);
      await call(t.app, adminToken, {
        method: 'POST',
        url: `/api/admin/updateStatus/${row!.id}`,
        payload: { status: 1 },
      });
      expectEnvelope(await login(t.app, email, password), 200);
    }
  });

  test('a wrong code is refused on the code field; the right one still works after', async () => {
    const email = newEmail('wrong-code');
    const code = await sendCode(t, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await register(registration(email, wrong));
    expect(expectFieldError(res, 'code')).toBe('The verification code is wrong or has expired');
    expect(await userRow(email)).toBeUndefined();
    expectEnvelope(await register(registration(email, code)), 200);
  });

  test('a code sent to another address does not work', async () => {
    const code = await sendCode(t, newEmail('owner'));
    const email = newEmail('thief');
    expectFieldError(await register(registration(email, code)), 'code');
    expect(await userRow(email)).toBeUndefined();
  });

  test('a code works once: an account removed later cannot be made again with it', async () => {
    const email = newEmail('reuse');
    const code = await sendCode(t, email);
    expectEnvelope(await register(registration(email, code)), 200);
    await t.ctx.db.deleteFrom('users').where('username', '=', email).execute();
    expectFieldError(await register(registration(email, code)), 'code');
    expect(await userRow(email)).toBeUndefined();
  });

  test('the same form sent twice at once makes one account and no error 500', async () => {
    const email = newEmail('double');
    const code = await sendCode(t, email);
    const results = await Promise.all([register(registration(email, code)), register(registration(email, code))]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const users = await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  test('an expired code is refused', async () => {
    const email = newEmail('expired');
    const code = await sendCode(t, email);
    await t.ctx.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', email)
      .execute();
    expectFieldError(await register(registration(email, code)), 'code');
    expect(await userRow(email)).toBeUndefined();
  });

  test('after five wrong codes even the right code is refused until a new one is sent', async () => {
    const email = newEmail('guess');
    const code = await sendCode(t, email);
    const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) expectFieldError(await register(registration(email, wrong(i))), 'code');
    expectFieldError(await register(registration(email, code)), 'code');
    expect(await userRow(email)).toBeUndefined();

    await ageCodes(email);
    const fresh = await sendCode(t, email);
    expectEnvelope(await register(registration(email, fresh)), 200);
  });

  test('guesses sent all at once count too: the limit cannot be raced', async () => {
    const email = newEmail('race');
    const code = await sendCode(t, email);
    const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(registration(email, wrong(i + 1)))),
    );
    for (const res of guesses) expectFieldError(res, 'code');
    expectFieldError(await register(registration(email, code)), 'code');
    expect(await userRow(email)).toBeUndefined();
  });

  test('an address already registered is not told apart: its owner is told, the form fails on the code', async () => {
    const email = newEmail('dup');
    const first = await sendCode(t, email);
    expectEnvelope(await register(registration(email, first)), 200);
    await ageCodes(email);
    const codes = await countRows(t, 'verification_codes');
    // The code call answers as for a new address; the owner gets a notice, and no code leaves the server.
    const send = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
    expect(expectEnvelope(send, 200).data).toBeNull();
    expect(await countRows(t, 'verification_codes')).toBe(codes + 1);
    const notice = await t.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.subject).toBe('Someone tried to register with your address');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    // Any code is then wrong, as it is for an address not registered; the first code is used up.
    for (const code of [first, '000000']) {
      const res = await register(registration(email.toUpperCase(), code));
      expect(Object.keys(expectEnvelope(res, 400).data.fields)).toEqual(['code']);
    }
    const other = newEmail('fresh');
    await sendCode(t, other);
    const fresh = await register(registration(other, '000000'));
    expect(fresh.json()).toEqual((await register(registration(email, '000000'))).json());
    const rows = await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  test('an invitation code links the customer to the seller who owns it', async () => {
    const seller = await createStaff(t, adminToken, ['seller'], { invitationCode: 'SELLER42' });
    const email = newEmail('invited');
    const code = await sendCode(t, email);
    expectEnvelope(await register(registration(email, code, { invitationCode: 'SELLER42' })), 200);
    expect((await userRow(email))?.owner_id).toBe(seller.id);

    // The seller sees the new customer among its own.
    const list = await call(t.app, seller.token, { method: 'GET', url: '/api/admin/list' });
    expect(expectEnvelope(list, 200).data.list.map((user: { username: string }) => user.username)).toEqual([email]);
  });

  test('an unknown invitation code is refused with 400 naming it, and makes nothing', async () => {
    const email = newEmail('bad-invite');
    const code = await sendCode(t, email);
    const res = await register(registration(email, code, { invitationCode: 'NOPE0000' }));
    expect(expectFieldError(res, 'invitationCode')).toBe('The invitation code is not valid');
    expect(await userRow(email)).toBeUndefined();
    // The code was not used up by the refused form.
    expectEnvelope(await register(registration(email, code)), 200);
    expect((await userRow(email))?.owner_id).toBeNull();
  });
});
