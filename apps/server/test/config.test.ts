/**
 * System configuration (/adminSettings/sysConfig): every run-time setting typed and validated by its own
 * schema, saved whole or not at all, each change recorded (a secret's value never), used by every app
 * instance on its next use without a restart, and read where it applies (zone fee, registration, review
 * thresholds, exchange rate, API-log retention, SMTP with its test mail).
 */
import { PAYMENT_METHODS } from '@parcelport/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertApiLog } from '../src/modules/api-log/repo.ts';
import { pruneApiLogSweep } from '../src/modules/api-log/service.ts';
import { startSmtpStandIn } from '../standins/smtp.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  fundWallet,
  type Json,
  loginToken,
  registration,
  startTwoInstances,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let second: FastifyInstance;
let admin: string;
let instances: Awaited<ReturnType<typeof startTwoInstances>>;

beforeAll(async () => {
  // A second instance on the same database, as behind a load balancer.
  instances = await startTwoInstances();
  ({ first: t, second } = instances);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await instances.close();
});

const settings = (app: FastifyInstance = t.app, token = admin) =>
  call(app, token, { method: 'GET', url: '/api/admin/config/list' });
const save = (payload: unknown, app: FastifyInstance = t.app, token = admin) =>
  call(app, token, { method: 'POST', url: '/api/admin/config/update', payload: payload as Json });
const changes = (query = '', token = admin) =>
  call(t.app, token, { method: 'GET', url: `/api/admin/config/changes${query}` });
const zoneQuery = (app: FastifyInstance, token: string) =>
  call(app, token, {
    method: 'POST',
    url: '/api/app/zone/query',
    payload: { originZip: '90210', destinationZip: '10118' },
  });

const fund = (userId: number, amount: string) => fundWallet(t.app, admin, userId, amount);

describe('reading and access', () => {
  test('every setting is answered with its default, grouped; the secret never', async () => {
    const body = expectEnvelope(await settings(), 200);
    expect(body.data.values).toMatchObject({
      exchange: { cnyPerUsd: '7.10' },
      registration: { mode: 'open' },
      funds: { earnestPerLabel: '0.00', depositImport: '200.00', depositExport: '100.00' },
      penalty: { wrongSize: '5.00' },
      zoneQuery: { fee: '0.10' },
      review: { minCharge: '0.00', minDeclaredValue: '0.00' },
      label: { size: '4x6', units: 'lb/in', packageCode: 'your_package' },
      smtp: { host: '', port: 587, secure: false, user: '', password: '' },
      tracking: { refreshMinutes: 5 },
      apiLog: { retentionDays: 30, maxRows: 500_000 },
    });
    expect(body.data.secretsSet).toEqual([]);
    expect(body.data.smtpFromEnvironment).toBe(false);
  });

  test('only configList holders may read or change them; any signed-in user reads what screens show', async () => {
    const customer = await createActiveCustomer(t, admin);
    const staff = await createStaff(t, admin, ['customerService']);
    for (const token of [customer.token, staff.token]) {
      expect((await settings(t.app, token)).statusCode).toBe(403);
      expect((await save({ zoneQuery: { fee: '9.99' } }, t.app, token)).statusCode).toBe(403);
      expect((await changes('', token)).statusCode).toBe(403);
      expect(
        (await call(t.app, token, { method: 'POST', url: '/api/admin/config/testMail', payload: {} })).statusCode,
      ).toBe(403);
    }
    expect((await settings(t.app, '')).statusCode).toBe(401);
    const values = await call(t.app, customer.token, { method: 'GET', url: '/api/app/config/values' });
    expect(expectEnvelope(values, 200).data).toEqual({
      exchangeRate: '7.10',
      zoneQueryFee: '0.10',
      wrongSizePenalty: '5.00',
      payees: Object.fromEntries(PAYMENT_METHODS.map((method) => [method, ''])),
      apiKeyCallsPerMinute: 600,
      label: { size: '4x6', units: 'lb/in', packageCode: 'your_package' },
    });
    const mode = await call(t.app, null, { method: 'GET', url: '/api/user/register/mode' });
    expect(expectEnvelope(mode, 200).data).toEqual({ mode: 'open' });
    // Nothing was changed by the refused calls.
    expect((await settings()).json().data.values.zoneQuery.fee).toBe('0.10');
  });
});

describe('changing', () => {
  test('bad input is a 400 naming every failing setting, and nothing of the change is saved', async () => {
    const before = (await changes()).json().data.total;
    const res = await save({
      exchange: { cnyPerUsd: '7.35' },
      zoneQuery: { fee: '-1' },
      smtp: { port: 70_000, host: 'not a host', from: 'nobody' },
      registration: { mode: 'sometimes' },
      apiLog: { retentionDays: 1.5 },
    });
    expect(expectFieldError(res, 'zoneQuery.fee')).toBe('Outside the allowed range');
    expect(expectFieldError(res, 'smtp.port')).toBe('Outside the allowed range');
    expect(expectFieldError(res, 'smtp.host')).toBe('Enter a valid host name or IP address');
    expect(expectFieldError(res, 'smtp.from')).toBe('Enter an address, or "Name <address>"');
    expect(expectFieldError(res, 'registration.mode')).toBe('Choose one of the options');
    expect(expectFieldError(res, 'apiLog.retentionDays')).toBe('Must be a whole number');
    const zh = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/config/update',
      payload: { zoneQuery: { fee: '0.123' } },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(expectFieldError(zh, 'zoneQuery.fee')).toBe('请输入有效金额（最多两位小数）');
    expectEnvelope(await save({}), 400);
    const now = (await settings()).json().data;
    expect(now.values.exchange.cnyPerUsd).toBe('7.10');
    expect(now.saved).toEqual([]);
    expect((await changes()).json().data.total).toBe(before);
  });

  test('a change saves its group, is recorded with who, when, old and new value, and a repeat records nothing', async () => {
    const res = await save({ exchange: { cnyPerUsd: '7.2500' }, label: { size: '4x8', units: 'lb/in' } });
    const body = expectEnvelope(res, 200);
    expect(body.data.values.exchange.cnyPerUsd).toBe('7.2500');
    expect(body.data.values.label).toEqual({ size: '4x8', units: 'lb/in', packageCode: 'your_package' });
    // label.units was sent as it already was: not saved, not recorded.
    expect(body.data.saved).toEqual(['exchange.cnyPerUsd', 'label.size']);
    const recorded = expectEnvelope(await changes(), 200).data;
    const adminId = (await call(t.app, admin, { method: 'GET', url: '/api/user/info' })).json().data.id;
    expect(recorded.list.slice(0, 2)).toEqual([
      expect.objectContaining({ key: 'label.size', oldValue: '4x6', newValue: '4x8', secret: false }),
      expect.objectContaining({
        key: 'exchange.cnyPerUsd',
        oldValue: '7.10',
        newValue: '7.2500',
        actorId: adminId,
        actorName: ADMIN.username,
      }),
    ]);
    expect(Date.now() - Date.parse(recorded.list[0].at)).toBeLessThan(60_000);
    expectEnvelope(await save({ exchange: { cnyPerUsd: '7.2500' } }), 200);
    expect((await changes()).json().data.total).toBe(recorded.total);
    // The history of one setting.
    const one = (await changes('?key=exchange.cnyPerUsd')).json().data;
    expect(one.list.map((c: Json) => c.key)).toEqual(['exchange.cnyPerUsd']);
    expectFieldError(await changes('?key=nothing.here'), 'key');
    // The exchange rate shown with the wallets is the new one, at once.
    expect((await call(second, admin, { method: 'GET', url: '/api/user/info' })).json().data.exchangeRate).toBe(
      '7.2500',
    );
    expectEnvelope(await save({ exchange: { cnyPerUsd: '7.10' }, label: { size: '4x6' } }), 200);
  });

  test('the SMTP password is write-only: said to be set, recorded as changed, kept when left blank', async () => {
    const secret = 'Sm7p-Pa55word';
    const res = await save({ smtp: { user: 'mailer', password: secret } });
    const body = expectEnvelope(res, 200);
    expect(body.data.secretsSet).toEqual(['smtp.password']);
    expect(body.data.values.smtp).toMatchObject({ user: 'mailer', password: '' });
    expect(res.body).not.toContain(secret);
    const kept = expectEnvelope(await save({ smtp: { user: 'mailer2', password: '' } }), 200);
    expect(kept.data.secretsSet).toEqual(['smtp.password']);
    expect((await t.ctx.settings.current()).smtp.password).toBe(secret);
    const history = await changes('?key=smtp.password');
    expect(history.json().data.list).toEqual([
      expect.objectContaining({ key: 'smtp.password', oldValue: null, newValue: null, secret: true }),
    ]);
    expect((await changes()).body).not.toContain(secret);
    expect((await settings(second)).body).not.toContain(secret);
    const logs = await t.ctx.db.selectFrom('user_logs').selectAll().execute();
    expect(JSON.stringify(logs)).not.toContain(secret);
    expectEnvelope(await save({ smtp: { user: '' } }), 200);
  });

  test('a row that holds no value its setting takes is ignored: the default is used', async () => {
    await t.ctx.db.insertInto('configs').values({ key: 'penalty.wrongSize', value: '"five"', updated_at: 1 }).execute();
    await t.ctx.db.insertInto('configs').values({ key: 'no.such', value: '1', updated_at: 1 }).execute();
    const body = (await settings(second)).json().data;
    expect(body.values.penalty.wrongSize).toBe('5.00');
    expect(body.saved).not.toContain('penalty.wrongSize');
    await t.ctx.db.deleteFrom('configs').where('key', 'in', ['penalty.wrongSize', 'no.such']).execute();
  });
});

describe('every instance, without a restart', () => {
  test('a zone fee changed through one instance is charged by the other on the next query', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fund(merchant.id, '5.00');
    const first = expectEnvelope(await zoneQuery(second, merchant.token), 200).data;
    expect(first).toMatchObject({ fee: '0.10', balanceAfter: '4.90' });

    expectEnvelope(await save({ zoneQuery: { fee: '0.35' } }, t.app), 200);
    const next = expectEnvelope(await zoneQuery(second, merchant.token), 200).data;
    expect(next).toMatchObject({ fee: '0.35', balanceAfter: '4.55' });
    const values = await call(second, merchant.token, { method: 'GET', url: '/api/app/config/values' });
    expect(values.json().data.zoneQueryFee).toBe('0.35');

    // A change written straight into the database (an operator's SQL) is seen too.
    await t.ctx.db.updateTable('configs').set({ value: '0' }).where('key', '=', 'zoneQuery.fee').execute();
    expect(expectEnvelope(await zoneQuery(second, merchant.token), 200).data).toMatchObject({
      fee: '0.00',
      balanceAfter: '4.55',
    });
    expectEnvelope(await save({ zoneQuery: { fee: '0.10' } }, second), 200);
    expect(expectEnvelope(await zoneQuery(t.app, merchant.token), 200).data).toMatchObject({
      fee: '0.10',
      balanceAfter: '4.45',
    });
    const fees = await t.ctx.db
      .selectFrom('balance_logs')
      .select('amount')
      .where('user_id', '=', merchant.id)
      .where('type', '=', 5)
      .orderBy('id')
      .execute();
    expect(fees.map((row) => Number(row.amount))).toEqual([-10, -35, -10]);
    // A short wallet is told the fee in use.
    expectEnvelope(await save({ zoneQuery: { fee: '50.00' } }), 200);
    const short = await zoneQuery(second, merchant.token);
    expect(expectEnvelope(short, 422).message).toBe(
      'Insufficient funds: each zone query costs 50.00 USD; please top up first',
    );
    expectEnvelope(await save({ zoneQuery: { fee: '0.10' } }), 200);
  });

  test('registration opens, takes invitations only, or closes, on every instance', async () => {
    const email = `reg${Date.now()}@shop.test`;
    expectEnvelope(await save({ registration: { mode: 'closed' } }), 200);
    const refused = await call(second, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
    expect(expectEnvelope(refused, 403).message).toBe('Registration is closed at the moment');
    const closedRegister = await call(second, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, '123456'),
    });
    expectEnvelope(closedRegister, 403);
    expect((await call(second, null, { method: 'GET', url: '/api/user/register/mode' })).json().data.mode).toBe(
      'closed',
    );

    expectEnvelope(await save({ registration: { mode: 'invitation' } }, second), 200);
    expectEnvelope(await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } }), 200);
    const withoutCode = await call(t.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, '000000'),
    });
    expect(expectFieldError(withoutCode, 'invitationCode')).toBe('Registration takes an invitation code at the moment');
    expectEnvelope(await save({ registration: { mode: 'open' } }), 200);
  });

  test('the review thresholds decide which bought labels wait for review', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fund(merchant.id, '100.00');
    const { orderId } = await buyLabel(t.app, merchant.token);
    const waiting = async () =>
      (
        await call(second, admin, {
          method: 'GET',
          url: `/api/admin/order/orders?pendingReview=true&userId=${merchant.id}`,
        })
      )
        .json()
        .data.list.map((order: Json) => order.id);
    expect(await waiting()).toEqual([orderId]);
    expectEnvelope(await save({ review: { minCharge: '999.00' } }), 200);
    expect(await waiting()).toEqual([]);
    expectEnvelope(await save({ review: { minCharge: '0.01' } }), 200);
    expect(await waiting()).toEqual([orderId]);
    expectEnvelope(await save({ review: { minCharge: '0.00' } }), 200);
  });

  test('a label on a channel without an earnest of its own freezes the earnest per label saved here', async () => {
    const merchant = await createActiveCustomer(t, admin);
    await fund(merchant.id, '100.00');
    expectEnvelope(await save({ funds: { earnestPerLabel: '2.50' } }), 200);
    // Bought through the other instance: the Demo USPS channel sets no earnest.
    const { orderId } = await buyLabel(second, merchant.token);
    const order = await t.ctx.db
      .selectFrom('orders')
      .select('earnest')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(order.earnest)).toBe(250);
    const wallet = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/info' })).json().data;
    expect(wallet.earnestBalance).toBe('2.50');
    expectEnvelope(await save({ funds: { earnestPerLabel: '0.00' } }), 200);
  });

  test('the API log is pruned by the retention saved here', async () => {
    expectEnvelope(await save({ apiLog: { retentionDays: 2, maxRows: 1000 } }), 200);
    const record = {
      channelId: 1,
      operation: 'rate' as const,
      orderNo: 'RETENTION',
      method: 'POST',
      url: 'https://carrier.test/rates',
      httpStatus: 200,
      durationMs: 5,
      test: false,
      outcome: 'ok' as const,
      errorMessage: null,
      requestHeaders: '{}',
      requestBody: null,
      responseBody: null,
    };
    await insertApiLog(t.ctx.db, record, Date.now() - 3 * 86_400_000);
    await insertApiLog(t.ctx.db, record, Date.now() - 86_400_000);
    expect(await pruneApiLogSweep.run(t.ctx)).toBe(1);
    expectEnvelope(await save({ apiLog: { retentionDays: 30, maxRows: 500_000 } }), 200);
  });
});

describe('SMTP', () => {
  test('without any SMTP server the test mail is refused, saying why', async () => {
    const res = await call(t.app, admin, { method: 'POST', url: '/api/admin/config/testMail', payload: {} });
    expect(expectEnvelope(res, 422).message).toBe(
      'No SMTP server is set: give a host, or set SMTP_URL in the environment',
    );
  });

  test("the test mail goes to the admin's address through the saved server, and reports the server's answer", async () => {
    const smtp = await startSmtpStandIn({ credentials: { user: 'relay', password: 'R3lay-secret' } });
    try {
      expectEnvelope(
        await save({
          smtp: {
            host: smtp.host,
            port: smtp.port,
            secure: false,
            user: 'relay',
            password: 'R3lay-secret',
            from: 'Ops <ops@parcelport.test>',
          },
        }),
        200,
      );
      const sent = await call(second, admin, { method: 'POST', url: '/api/admin/config/testMail', payload: {} });
      const answer = expectEnvelope(sent, 200).data;
      expect(answer).toMatchObject({ sent: true, to: ADMIN.username });
      expect(answer.response).toMatch(/^250 2\.0\.0 Ok: queued as/);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: 'ops@parcelport.test', to: [ADMIN.username], user: 'relay' });
      expect(smtp.mails[0]?.data).toContain('ParcelPort test mail');

      // The form's values, tried before saving: a wrong password is the server's refusal, as it said it.
      const refused = await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/config/testMail',
        payload: { smtp: { password: 'wrong' } },
      });
      expect(expectEnvelope(refused, 200).data).toMatchObject({ sent: false });
      expect(refused.json().data.response).toContain('535 5.7.8');
      expectFieldError(
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/admin/config/testMail',
          payload: { smtp: { port: 0 } },
        }),
        'smtp.port',
      );

      // The platform's own mail goes through the saved server, on every instance; the outbox keeps it masked.
      const email = `smtp${Date.now()}@shop.test`;
      expectEnvelope(await call(second, null, { method: 'POST', url: '/api/user/code/send', payload: { email } }), 200);
      const mail = smtp.mails.find((m) => m.to.includes(email));
      expect(mail?.data).toMatch(/\b\d{6}\b/);
      const stored = await t.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      expect(stored.sent_at).not.toBeNull();
      expect(stored.body).toContain('[redacted]');
    } finally {
      expectEnvelope(await save({ smtp: { host: '', user: '' } }), 200);
      await smtp.close();
    }
  });

  test('payee details written per payment method reach the screens of every signed-in user', async () => {
    const customer = await createActiveCustomer(t, admin);
    const details = 'ParcelPort LLC\nAccount 000123456789\nQuote your account ID';
    expect((await save({ payees: { achWire: details } })).statusCode).toBe(200);
    const values = expectEnvelope(
      await call(t.app, customer.token, { method: 'GET', url: '/api/app/config/values' }),
      200,
    ).data;
    expect(values.payees).toMatchObject({ achWire: details, alipay: '' });
    expectFieldError(await save({ payees: { alipay: 'x'.repeat(2001) } }), 'payees.alipay');
  });
});
