import { ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertApiLog } from '../src/modules/api-log/repo.ts';
import { pruneApiLogSweep } from '../src/modules/api-log/service.ts';
import type { ApiLogRecord } from '../src/outbound/client.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  type Json,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

const DAY = 86_400_000;

function record(overrides: Partial<ApiLogRecord> = {}): ApiLogRecord {
  return {
    channelId: 1,
    test: false,
    operation: 'rate',
    orderNo: null,
    method: 'POST',
    url: 'https://api.carrier.test/v2/rates',
    httpStatus: 200,
    durationMs: 120,
    outcome: 'ok',
    errorMessage: null,
    requestHeaders: '{"authorization":"[redacted]"}',
    requestBody: '{"weight":16}',
    responseBody: '{"rates":[]}',
    ...overrides,
  };
}

describe('API log', () => {
  let t: TestApp;
  let admin: string;
  let channelId: number;
  let otherChannelId: number;

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const channels = await t.ctx.db.selectFrom('channels').select(['id', 'name']).orderBy('id').limit(2).execute();
    channelId = Number(channels[0]?.id);
    otherChannelId = Number(channels[1]?.id);
  });
  afterAll(async () => t.close());

  const list = (token: string, query = '') =>
    call(t.app, token, { method: 'GET', url: `/api/admin/maintenance/apiLog${query}` });

  test('staff with adminChannel list the log newest first, filtered, and open a record with its bodies', async () => {
    const now = Date.now();
    await insertApiLog(t.ctx.db, record({ channelId, orderNo: 'PP100' }), now - 3 * DAY);
    await insertApiLog(
      t.ctx.db,
      record({
        channelId,
        operation: 'purchase',
        orderNo: 'PP100',
        httpStatus: 422,
        outcome: 'badRequest',
        errorMessage: 'Invalid ZIP',
        responseBody: '{"error":{"message":"Invalid ZIP"}}',
      }),
      now - 2 * DAY,
    );
    await insertApiLog(
      t.ctx.db,
      record({ channelId: otherChannelId, operation: 'track', httpStatus: null, outcome: 'transient' }),
      now - DAY,
    );

    const staff = await createStaff(t, admin, [ROLE.administrator]);
    const all = expectEnvelope(await list(staff.token), 200).data;
    expect(all.total).toBe(3);
    expect(all.list.map((row: Json) => row.operation)).toEqual(['track', 'purchase', 'rate']);
    expect(all.list[1]).toMatchObject({
      channelId,
      orderNo: 'PP100',
      httpStatus: 422,
      outcome: 'badRequest',
      errorMessage: 'Invalid ZIP',
      durationMs: 120,
      method: 'POST',
    });
    expect(all.list[1].channelName).toEqual(expect.any(String));
    expect(all.list[1]).not.toHaveProperty('responseBody');

    const operations = async (query: string) =>
      expectEnvelope(await list(admin, query), 200).data.list.map((row: Json) => row.operation);
    expect(await operations(`?channelId=${channelId}`)).toEqual(['purchase', 'rate']);
    expect(await operations('?orderNo=PP100&outcome=badRequest')).toEqual(['purchase']);
    expect(await operations('?operation=track')).toEqual(['track']);
    expect(await operations(`?from=${new Date(now - 2.5 * DAY).toISOString()}`)).toEqual(['track', 'purchase']);
    expect(await operations(`?to=${new Date(now - 2.5 * DAY).toISOString()}`)).toEqual(['rate']);
    expect(await operations('?orderNo=PP999')).toEqual([]);
    const paged = expectEnvelope(await list(admin, '?page=2&pageSize=50'), 200).data;
    expect({ total: paged.total, list: paged.list }).toEqual({ total: 3, list: [] });

    const id = all.list[1].id;
    const detail = expectEnvelope(
      await call(t.app, staff.token, { method: 'GET', url: `/api/admin/maintenance/apiLog/${id}` }),
      200,
    ).data;
    expect(detail).toMatchObject({
      id,
      requestHeaders: '{"authorization":"[redacted]"}',
      requestBody: '{"weight":16}',
      responseBody: '{"error":{"message":"Invalid ZIP"}}',
    });
    expectEnvelope(await call(t.app, admin, { method: 'GET', url: '/api/admin/maintenance/apiLog/999999' }), 404);
  });

  test('merchants and staff without adminChannel are refused', async () => {
    const merchant = await createActiveCustomer(t, admin);
    expectEnvelope(await list(merchant.token), 403);
    expectEnvelope(await call(t.app, merchant.token, { method: 'GET', url: '/api/admin/maintenance/apiLog/1' }), 403);
    const finance = await createStaff(t, admin, [ROLE.finance]);
    expectEnvelope(await list(finance.token), 403);
  });

  test('bad filters are refused naming the field', async () => {
    expectFieldError(await list(admin, '?operation=launch'), 'operation');
    expectFieldError(await list(admin, '?outcome=fine'), 'outcome');
    expectFieldError(await list(admin, '?channelId=abc'), 'channelId');
    expectFieldError(await list(admin, '?from=yesterday'), 'from');
    expectFieldError(await list(admin, '?to=2026-13-40'), 'to');
    expectFieldError(await list(admin, '?pageSize=7'), 'pageSize');
  });
});

describe('API log retention', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  test('the pruning keeps the retention days and at most the retention rows of the settings', async () => {
    // The app's own pruning (30 days, 1000 rows) runs at start and leaves these alone; the sweep is then run
    // with the settings under test.
    t = await startApp();
    const values = await t.ctx.settings.current();
    const retention = { ...values, apiLog: { retentionDays: 10, maxRows: 3 } };
    // The sweep reads only the settings in use (the run-time settings, see config.test.ts for their saving).
    const settings = { ...t.ctx, settings: { current: async () => retention } as unknown as typeof t.ctx.settings };
    const now = Date.now();
    const ages = [25, 12, 9, 5, 3, 1];
    for (const [index, age] of ages.entries()) {
      await insertApiLog(t.ctx.db, record({ orderNo: `AGE${age}`, durationMs: index }), now - age * DAY);
    }
    const left = async () =>
      (await t.ctx.db.selectFrom('api_logs').select('order_no').orderBy('id').execute()).map((row) => row.order_no);

    // Two are older than ten days; of the four left, the oldest goes beyond three rows.
    expect(await pruneApiLogSweep.run(settings)).toBe(3);
    expect(await left()).toEqual(['AGE5', 'AGE3', 'AGE1']);
    // Another instance pruning the same log finds nothing more to do.
    expect(await pruneApiLogSweep.run(settings)).toBe(0);
    expect(await left()).toEqual(['AGE5', 'AGE3', 'AGE1']);
  });
});
