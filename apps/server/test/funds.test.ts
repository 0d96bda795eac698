import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUND_TYPE } from '@parcelport/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { applyMovements, type Movement } from '../src/modules/funds/ledger.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  loginToken,
  PNG,
  startApp,
  type TestApp,
  upload,
} from './helpers.ts';

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as never);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

async function ledgerMatchesWallets(t: TestApp, adminToken: string) {
  const res = await call(t.app, adminToken, { method: 'GET', url: '/api/admin/balance/doubtful' });
  expect(res.statusCode).toBe(200);
  return res.json().data as unknown[];
}

describe('recharge, approval and the ledger', () => {
  let t: TestApp;
  let admin: string;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  let uploadDir: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-funds-'));
    uploadDir = path.join(dataDir, 'uploads');
    t = await startApp({ dataDir });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    customer = await createActiveCustomer(t, admin);
  });
  afterAll(async () => t.close());

  const balanceOf = async (token: string) =>
    (await call(t.app, token, { method: 'GET', url: '/api/user/info' })).json().data;

  test('a voucher upload keeps an image under a server-chosen name and serves it back to its owner', async () => {
    const res = await upload(t.app, customer.token, '../../evil name.png', PNG);
    expect(res.statusCode).toBe(200);
    const { id, url, mime } = res.json().data;
    expect(mime).toBe('image/png');
    const stored = readdirSync(uploadDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    const back = await call(t.app, customer.token, { method: 'GET', url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PNG)).toBe(true);
    const other = await createActiveCustomer(t, admin);
    expect((await call(t.app, other.token, { method: 'GET', url: `/api/app/attachment/${id}` })).statusCode).toBe(404);
  });

  test('an oversize or non-image upload is refused with the message docs/spec.md gives and leaves nothing behind', async () => {
    const before = readdirSync(uploadDir).length;
    const rowsBefore = await t.ctx.db.selectFrom('attachments').select('id').execute();
    const big = Buffer.concat([PNG, Buffer.alloc(501 * 1024)]);
    const tooBig = await upload(t.app, customer.token, 'big.png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().data.fields.file).toBe('The file size cannot exceed 500KB');
    const text = await upload(t.app, customer.token, 'note.png', Buffer.from('just text, not an image'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().data.fields.file).toMatch(/images|PDF/);
    expect(readdirSync(uploadDir).length).toBe(before);
    expect(await t.ctx.db.selectFrom('attachments').select('id').execute()).toHaveLength(rowsBefore.length);
  });

  test('staff approve a recharge with a different actual amount: credited once, ledger row, message', async () => {
    const voucher = (await upload(t.app, customer.token, 'transfer.png', PNG)).json().data;
    const submitted = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/recharge',
      payload: {
        currency: 'USD',
        paymentMethod: 'achWire',
        amount: '100.00',
        voucherId: voucher.id,
        remark: 'June top-up',
      },
    });
    expect(submitted.statusCode).toBe(200);
    const id = submitted.json().data.id;

    const mine = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/user/recharge/list' })).json().data;
    expect(mine.list[0]).toMatchObject({
      id,
      status: 0,
      forecastAmount: '100.00',
      actualAmount: null,
      voucherUrl: voucher.url,
    });

    const approve = () =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/recharge/approve',
        payload: { id, approve: true, actualAmount: '98.50', remark: 'bank fee 1.50' },
      });
    expect((await approve()).statusCode).toBe(200);
    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This recharge has already been reviewed');

    const info = await balanceOf(customer.token);
    expect(info.balance).toBe('98.50');
    const ledger = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/balance/log/list' })).json().data;
    expect(ledger.total).toBe(1);
    expect(ledger.list[0]).toMatchObject({ type: 0, amount: '98.50', balanceAfter: '98.50', currency: 'USD' });
    const messages = (await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages' })).json().data;
    expect(messages[0].title).toBe('Recharge credited');
    expect(messages[0].content).toContain('98.50');
    const record = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/recharge/list?userId=${customer.id}` })
    ).json().data.list[0];
    expect(record).toMatchObject({ status: 1, actualAmount: '98.50', auditRemark: 'bank fee 1.50' });
    expect(record.arrivedAt).not.toBeNull();
    expect(await ledgerMatchesWallets(t, admin)).toEqual([]);
  });

  test('a rejected recharge needs a reason, credits nothing and cannot be approved afterwards', async () => {
    const id = (
      await call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/user/recharge',
        payload: { currency: 'CNY', paymentMethod: 'alipay', amount: 500 },
      })
    ).json().data.id;
    const noReason = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/recharge/approve',
      payload: { id, approve: false, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.fields.reason).toBe('A reason is required to reject');
    const reject = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/recharge/approve',
      payload: { id, approve: false, reason: 'voucher unreadable' },
    });
    expect(reject.statusCode).toBe(200);
    const late = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/recharge/approve',
      payload: { id, approve: true, actualAmount: '500' },
    });
    expect(late.statusCode).toBe(409);
    const cny = (await balanceOf(customer.token)).wallets.find((w: { currency: string }) => w.currency === 'CNY');
    expect(cny.balance).toBe('0.00');
    const record = (
      await call(t.app, customer.token, { method: 'GET', url: '/api/app/user/recharge/list?status=2' })
    ).json().data.list[0];
    expect(record).toMatchObject({ id, status: 2, auditRemark: 'voucher unreadable', actualAmount: null });
  });

  test('recharge input is checked field by field', async () => {
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/recharge',
      payload: { currency: 'EUR', paymentMethod: 'cash', amount: '12.345' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.fields).sort()).toEqual(['amount', 'currency', 'paymentMethod']);
    const otherVoucher = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/user/recharge',
      payload: { currency: 'USD', paymentMethod: 'other', amount: '5', voucherId: 999999 },
    });
    expect(otherVoucher.statusCode).toBe(400);
    expect(otherVoucher.json().data.fields.voucherId).toBe('Voucher not found');
  });

  test('finance adjusts a balance with a mandatory remark; a debit cannot overdraw', async () => {
    const noRemark = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '5', remark: '' },
    });
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().data.fields.remark).toBe('A remark is required');

    const before = await balanceOf(customer.token);
    const overdraw = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '-1000.00', remark: 'too much' },
    });
    expect(overdraw.statusCode).toBe(422);
    expect(overdraw.json().message).toBe('Insufficient funds');
    expect((await balanceOf(customer.token)).balance).toBe(before.balance);

    const credit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '1.50', remark: 'goodwill' },
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data.balanceAfter).toBe('100.00');
    const adjustments = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/balance/log/list?type=7&userId=${customer.id}` })
    ).json().data;
    expect(adjustments.list).toHaveLength(1);
    expect(adjustments.list[0]).toMatchObject({ amount: '1.50', remark: 'goodwill', balanceAfter: '100.00' });
    expect(adjustments.totals).toEqual({ income: '1.50', expense: '0.00', net: '1.50' });
  });

  test('no one adjusts their own balance or credit limit; finance does another staff member’s', async () => {
    const finance = await createStaff(t, admin, ['finance']);
    const colleague = await createStaff(t, admin, ['finance']);
    const ask = (token: string, url: string, payload: object) =>
      call(t.app, token, { method: 'POST', url, payload, headers: { 'accept-language': 'zh-CN' } });
    const own = await ask(finance.token, '/api/admin/balance/adjust', {
      userId: finance.id,
      currency: 'USD',
      amount: '1000.00',
      remark: 'mine',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('不能调整自己账户的余额或信用额度，请由其他有权限的员工操作');
    const ownLimit = await ask(finance.token, '/api/admin/wallet/creditLimit', {
      userId: finance.id,
      currency: 'USD',
      creditLimit: '5000.00',
    });
    expect(ownLimit.statusCode).toBe(403);
    const info = (await call(t.app, finance.token, { method: 'GET', url: '/api/user/info' })).json().data;
    expect(JSON.stringify(info)).not.toContain('1000.00');
    expect(JSON.stringify(info)).not.toContain('5000.00');
    const adminSelf = await ask(admin, '/api/admin/balance/adjust', {
      userId: 1,
      currency: 'USD',
      amount: '1',
      remark: 'x',
    });
    expect(adminSelf.statusCode).toBe(403);
    const other = await ask(finance.token, '/api/admin/balance/adjust', {
      userId: colleague.id,
      currency: 'USD',
      amount: '10.00',
      remark: 'float for test labels',
    });
    expect(other.statusCode).toBe(200);
  });

  test('customers cannot reach staff fund screens', async () => {
    for (const url of ['/api/admin/recharge/list', '/api/admin/balance/log/list', '/api/admin/balance/doubtful']) {
      const res = await call(t.app, customer.token, { method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403);
    }
  });

  test('exports open as xlsx with the same rows as the lists', async () => {
    const list = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/balance/log/list' })).json().data
      .list;
    const down = await call(t.app, customer.token, { method: 'GET', url: '/api/app/balance/log/down' });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(down.rawPayload);
    expect(rows[0]).toEqual([
      'ID',
      'User ID',
      'Email',
      'Wallet',
      'Change type',
      'Change amount',
      'Balance after',
      'Reference',
      'Remark',
      'Time',
    ]);
    expect(rows.slice(1).map((row) => [Number(row[0]), row[5], row[6]])).toEqual(
      list.map((item: { id: number; amount: string; balanceAfter: string }) => [
        item.id,
        item.amount,
        item.balanceAfter,
      ]),
    );

    const recharges = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/user/recharge/list' })).json()
      .data.list;
    const rechargeRows = await readXlsx(
      (await call(t.app, customer.token, { method: 'GET', url: '/api/app/user/recharge/down' })).rawPayload,
    );
    expect(rechargeRows.slice(1).map((row) => Number(row[0]))).toEqual(recharges.map((r: { id: number }) => r.id));
    const zh = await call(t.app, customer.token, {
      method: 'GET',
      url: '/api/app/user/recharge/down',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect((await readXlsx(zh.rawPayload))[0]?.[0]).toBe('编号');
  });

  test('a charge and its earnest in one update: one ledger row each, balances as if one after the other', async () => {
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '10.00', remark: 'opening balance' },
    });
    const charge = (amount: number): Movement => ({
      userId: customer.id,
      currency: 'USD',
      type: FUND_TYPE.placeOrder,
      amount: -amount,
      actorId: null,
    });
    const freeze = (amount: number): Movement => ({
      ...charge(amount),
      type: FUND_TYPE.earnestFreeze,
      earnest: amount,
    });
    const both = (price: number, earnest: number) =>
      t.ctx.db.transaction().execute((trx) => applyMovements(trx, [charge(price), freeze(earnest)]));

    // 9.50 + 1.00 is more than the 10.00 there is: neither is applied.
    await expect(both(950, 100)).rejects.toMatchObject({ statusCode: 422 });
    const results = await both(800, 100);
    expect(results.map((r) => [r.balanceAfter, r.earnestAfter])).toEqual([
      [200, 0],
      [100, 100],
    ]);
    const rows = await t.ctx.db
      .selectFrom('balance_logs')
      .select(['id', 'type', 'amount', 'earnest_amount', 'balance_after', 'earnest_after'])
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(rows.slice(-2).map(({ id: _id, ...row }) => row)).toEqual([
      { type: FUND_TYPE.placeOrder, amount: -800, earnest_amount: 0, balance_after: 200, earnest_after: 0 },
      { type: FUND_TYPE.earnestFreeze, amount: -100, earnest_amount: 100, balance_after: 100, earnest_after: 100 },
    ]);
    expect(results.map((r) => r.logId)).toEqual(rows.slice(-2).map((row) => row.id));
    expect(await ledgerMatchesWallets(t, admin)).toEqual([]);
  });

  test('doubtful flow lists a wallet whose ledger no longer adds up', async () => {
    expect(await ledgerMatchesWallets(t, admin)).toEqual([]);
    await t.ctx.db
      .updateTable('wallets')
      .set({ balance: 12345 })
      .where('user_id', '=', customer.id)
      .where('currency', '=', 'USD')
      .execute();
    const doubtful = await ledgerMatchesWallets(t, admin);
    expect(doubtful).toEqual([
      expect.objectContaining({ userId: customer.id, currency: 'USD', balance: '123.45', ledgerBalance: '100.00' }),
    ]);
  });
});

describe('concurrent charges from two app instances on one database', () => {
  let first: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-race-'));
    first = await startApp({ dataDir, sqliteFile: path.join(dataDir, 'shared.db') });
    second = (await buildApp(first.config, { logger: false })).app;
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  test('200 simultaneous debits never pass minus the credit limit and the ledger equals the balance', async () => {
    const admin = await loginToken(first.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(first, admin);
    await call(first.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '100.00', remark: 'opening balance' },
    });
    await call(first.app, admin, {
      method: 'POST',
      url: '/api/admin/wallet/creditLimit',
      payload: { userId: customer.id, currency: 'USD', creditLimit: '20.00' },
    });

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i % 2 === 0 ? first.app : second, admin, {
          method: 'POST',
          url: '/api/admin/balance/adjust',
          payload: { userId: customer.id, currency: 'USD', amount: '-1.00', remark: `charge ${i}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 422)).toHaveLength(80);

    const wallet = await first.ctx.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', customer.id)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(-2000);
    const sum = await first.ctx.db
      .selectFrom('balance_logs')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('user_id', '=', customer.id)
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(Number(sum.total)).toBe(wallet.balance);
    const afters = (
      await first.ctx.db.selectFrom('balance_logs').select('balance_after').where('user_id', '=', customer.id).execute()
    ).map((row) => row.balance_after);
    expect(new Set(afters).size).toBe(afters.length);
    expect(Math.min(...afters)).toBe(-2000);
    expect(existsSync(first.config.dataDir)).toBe(true);
  });
});
