import { createPublicKey, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  countRows,
  createActiveCustomer,
  encryptCredentials,
  encryptRaw,
  expectEnvelope,
  expectFieldError,
  login,
  loginToken,
  registration,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';

/** POST /api/admin/login with a raw body, in the language asked for (none: the zh-CN default). */
function postLogin(t: TestApp, payload: unknown, language?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: payload as object,
    headers: language ? { 'accept-language': language } : {},
  });
}

async function loginAs(t: TestApp, credentials: object, language?: string) {
  return postLogin(t, { encryptData: await encryptCredentials(t.app, credentials) }, language);
}

describe('login', () => {
  let t: TestApp;
  let adminToken: string;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    t = await startApp();
    adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
    customer = await createActiveCustomer(t, adminToken);
  });
  afterAll(async () => t.close());

  test('the public key is a 2048-bit RSA key anyone can fetch', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/publicKey' });
    const body = expectEnvelope(res, 200);
    const key = createPublicKey(body.data.publicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(body.data.publicKey).not.toContain('PRIVATE');
  });

  test('a correct login answers a token that opens /api/user/info as that user', async () => {
    const res = await login(t.app, customer.email, customer.password);
    const body = expectEnvelope(res, 200);
    expect(typeof body.data.token).toBe('string');
    expect(body.data.token.length).toBeGreaterThanOrEqual(40);

    const info = expectEnvelope(await call(t.app, body.data.token, { method: 'GET', url: '/api/user/info' }), 200).data;
    // The user of docs/spec.md §3.
    expect(info).toMatchObject({
      id: customer.id,
      username: customer.email,
      email: customer.email,
      name: 'Ada Shop',
      firstName: 'Ada',
      lastName: 'Shop',
      company: 'Shop Co',
      phone: '+1 555 0100',
      wechat: '',
      nickName: '',
      realName: '',
      avatar: '',
      invitationCode: null,
      memberType: -1,
      certification: 0,
      kind: 'customer',
      status: 1,
      actingAs: null,
    });
    expect(info.accountId).toMatch(/\S/);
    expect(new Date(info.registrationDate).toISOString()).toBe(info.registrationDate);
    expect(Math.abs(Date.parse(info.registrationDate) - Date.now())).toBeLessThan(60_000);

    // Resource codes, as role (docs/spec.md §3) and as resources[].code (docs/spec.md §7).
    const codes = info.resources.map((resource: { code: string }) => resource.code);
    expect(codes).toEqual(info.role);
    expect(codes).toEqual(expect.arrayContaining(['rechargePage', 'appRechargeList', 'appBalanceList', 'templateAdd']));
    expect(codes).not.toContain('adminList');
    expect(codes).not.toContain('menuSystem');
    expect(info.roleCodes).toEqual(['customer']);
    expect(info.roles).toHaveLength(1);
    expect(typeof info.roles[0]).toBe('number');

    // Balances are two-place decimal strings; every user has a USD and a CNY wallet.
    for (const field of ['balance', 'earnestBalance', 'depositBalance', 'refundAmount', 'creditLimit']) {
      expect(info[field], field).toBe('0.00');
    }
    expect(info.wallets.map((wallet: { currency: string }) => wallet.currency).sort()).toEqual(['CNY', 'USD']);
    for (const wallet of info.wallets) {
      expect(wallet).toMatchObject({
        balance: '0.00',
        earnestBalance: '0.00',
        depositBalance: '0.00',
        refundAmount: '0.00',
        creditLimit: '0.00',
      });
    }
    // No secret ever leaves the server.
    expect(JSON.stringify(info)).not.toMatch(/password|scrypt/i);
  });

  test('the username is matched without regard to case or surrounding spaces', async () => {
    const res = await loginAs(t, { username: `  ${customer.email.toUpperCase()} `, password: customer.password });
    const token = expectEnvelope(res, 200).data.token;
    const info = await call(t.app, token, { method: 'GET', url: '/api/user/info' });
    expect(info.json().data.id).toBe(customer.id);
  });

  test('a body without encryptData is refused with 400 naming encryptData', async () => {
    for (const payload of [{}, { encryptData: '' }, { encryptData: 42 }, { username: ADMIN.username }]) {
      expectFieldError(await postLogin(t, payload, 'en-US'), 'encryptData');
    }
  });

  test('encryptData that is not our ciphertext is refused with 400 and the docs/spec.md §8 message', async () => {
    const sessions = await countRows(t, 'sessions');
    const garbage = [
      '%%% not base64 at all %%%',
      randomBytes(256).toString('base64'),
      Buffer.from(JSON.stringify({ username: ADMIN.username, password: ADMIN.password })).toString('base64'),
      await encryptRaw(t.app, 'not json'),
      await encryptRaw(t.app, '"a json string"'),
    ];
    for (const encryptData of garbage) {
      const res = await postLogin(t, { encryptData }, 'en-US');
      expect(expectFieldError(res, 'encryptData')).toBe('Login error, refresh and try again');
      expect(res.json().message).toBe('Login error, refresh and try again');
    }
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  test('credentials without username or password are refused with 400 naming the missing field', async () => {
    const sessions = await countRows(t, 'sessions');
    let res = await loginAs(t, { password: ADMIN.password }, 'en-US');
    expect(expectFieldError(res, 'username')).toBe('Username cannot be empty');
    expect(res.json().data.fields).not.toHaveProperty('password');

    res = await loginAs(t, { username: ADMIN.username }, 'en-US');
    expect(expectFieldError(res, 'password')).toBe('Password cannot be empty');
    expect(res.json().data.fields).not.toHaveProperty('username');

    res = await loginAs(t, { username: '   ', password: '' }, 'en-US');
    expect(res.json().data.fields).toEqual({
      username: 'Username cannot be empty',
      password: 'Password cannot be empty',
    });

    res = await loginAs(t, { username: 7, password: ['x'] }, 'en-US');
    expect(Object.keys(expectEnvelope(res, 400).data.fields).sort()).toEqual(['password', 'username']);

    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  test('a wrong password and an unknown user get the same clear 401 and no session', async () => {
    const sessions = await countRows(t, 'sessions');
    const wrong = await loginAs(t, { username: customer.email, password: 'Wrong#Pass1' }, 'en-US');
    const unknown = await loginAs(t, { username: 'nobody@shop.test', password: customer.password }, 'en-US');
    expect(expectEnvelope(wrong, 401).message).toBe('Incorrect username or password');
    expect(expectEnvelope(unknown, 401).message).toBe('Incorrect username or password');
    expect(wrong.json().data).toBeNull();
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  test('an account not activated yet gets 403 saying so, and no session', async () => {
    const email = 'inactive@shop.test';
    const code = await sendCode(t, email);
    expectEnvelope(
      await call(t.app, null, { method: 'POST', url: '/api/user/register', payload: registration(email, code) }),
      200,
    );
    const sessions = await countRows(t, 'sessions');

    const res = await loginAs(t, { username: email, password: 'Customer#1' }, 'en-US');
    expect(expectEnvelope(res, 403).message).toBe(
      'This account is not activated yet; please contact the administrator',
    );
    // The account's state is not told to someone who does not know the password.
    const wrong = await loginAs(t, { username: email, password: 'Wrong#Pass1' }, 'en-US');
    expectEnvelope(wrong, 401);
    expect(await countRows(t, 'sessions')).toBe(sessions);

    const zh = await loginAs(t, { username: email, password: 'Customer#1' });
    expect(expectEnvelope(zh, 403).message).toBe('账号尚未激活，请联系管理员激活');
  });

  test('a disabled account gets 403 saying it is disabled, and no session', async () => {
    const disabled = await createActiveCustomer(t, adminToken);
    const status = await call(t.app, adminToken, {
      method: 'POST',
      url: `/api/admin/updateStatus/${disabled.id}`,
      payload: { status: 2 },
    });
    expectEnvelope(status, 200);
    const sessions = await countRows(t, 'sessions');
    const res = await loginAs(t, { username: disabled.email, password: disabled.password }, 'en-US');
    expect(expectEnvelope(res, 403).message).toBe('This account is disabled; contact the administrator');
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });

  test('messages are in zh-CN by default and in English when the client asks for en-US', async () => {
    const credentials = { username: customer.email, password: 'Wrong#Pass1' };
    expect((await loginAs(t, credentials)).json().message).toBe('用户名或密码错误');
    expect((await loginAs(t, credentials, 'en-US')).json().message).toBe('Incorrect username or password');
    expect((await loginAs(t, credentials, 'en-US,en;q=0.9')).json().message).toBe('Incorrect username or password');
    expect((await loginAs(t, credentials, 'zh-CN,zh;q=0.9')).json().message).toBe('用户名或密码错误');

    const empty = await loginAs(t, { username: '', password: '' });
    expect(empty.json().data.fields).toEqual({ username: '用户名不能为空', password: '密码不能为空' });
    const garbled = await postLogin(t, { encryptData: 'garbage' });
    expect(garbled.json().message).toBe('登录错误，请刷新后重试');
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginRateLimit: 3 });
  });
  afterAll(async () => t.close());

  test('the fourth login within a minute gets a 429 envelope, even with the right password', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expectEnvelope(await loginAs(t, { username: ADMIN.username, password: 'Wrong#Pass1' }), 401);
    }
    const sessions = await countRows(t, 'sessions');
    const res = await loginAs(t, { username: ADMIN.username, password: ADMIN.password }, 'en-US');
    expect(expectEnvelope(res, 429).message).toBe('Too many attempts, please try again later');
    expect(res.json().data).toBeNull();
    expect(await countRows(t, 'sessions')).toBe(sessions);
    const zh = await loginAs(t, { username: ADMIN.username, password: ADMIN.password });
    expect(expectEnvelope(zh, 429).message).toBe('请求过于频繁，请稍后再试');
  });

  test('a forged X-Forwarded-For header does not reset the limit', async () => {
    const encryptData = await encryptCredentials(t.app, { username: ADMIN.username, password: ADMIN.password });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { encryptData },
        headers: { 'x-forwarded-for': `203.0.113.${i + 10}` },
      });
      expectEnvelope(res, 429);
    }
  });

  test('the forgot-password mail has a limit of its own', async () => {
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email: 'someone@shop.test' } });
    for (let i = 0; i < 3; i++) expectEnvelope(await forgot(), 200);
    expectEnvelope(await forgot(), 429);
  });

  test('other routes are not limited by it', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/health' }), 200);
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/admin/publicKey' }), 200);
  });
});

describe('login rate limit behind a trusted reverse proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginRateLimit: 3, trustProxy: true });
  });
  afterAll(async () => t.close());

  test('each client address the proxy reports has a limit of its own', async () => {
    const encryptData = await encryptCredentials(t.app, { username: ADMIN.username, password: 'Wrong#Pass1' });
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { encryptData },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++) expectEnvelope(await from('198.51.100.1'), 401);
    expectEnvelope(await from('198.51.100.1'), 429);
    expectEnvelope(await from('198.51.100.2'), 401);
  });
});
