/** The user log's date range (/maintenance/userLogs): the list and its export keep the calls made in it. */
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { installAuditLog } from '../src/http/audit.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectFieldError,
  type Json,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';
import { until } from './waits.ts';

let t: TestApp;
let admin: string;
let subjectId: number;

const day = (date: string) => Date.parse(`${date}T12:00:00Z`);

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  subjectId = (await createActiveCustomer(t, admin)).id;
  // One call a day on the 1st, 2nd and 3rd of March.
  await t.ctx.db
    .insertInto('user_logs')
    .values(
      ['2026-03-01', '2026-03-02', '2026-03-03'].map((date) => ({
        actor_id: null,
        subject_id: subjectId,
        method: 'POST',
        path: `/api/test/${date}`,
        status_code: 200,
        ip: '127.0.0.1',
        created_at: day(date),
      })),
    )
    .execute();
});
afterAll(async () => t.close());

const paths = async (query: string) => {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/admin/user-logs?subjectId=${subjectId}&path=/api/test/&${query}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.list as Json[]).map((row) => row.path);
};

describe('the user log by date', () => {
  test('from is inclusive, to exclusive, either end open; a bare date is midnight UTC', async () => {
    expect(await paths('from=2026-03-02&to=2026-03-03')).toEqual(['/api/test/2026-03-02']);
    expect(await paths('from=2026-03-02')).toEqual(['/api/test/2026-03-03', '/api/test/2026-03-02']);
    expect(await paths('to=2026-03-02')).toEqual(['/api/test/2026-03-01']);
    expect(await paths('from=2026-03-01T12:00:00.000Z&to=2026-03-01T12:00:00.001Z')).toEqual(['/api/test/2026-03-01']);
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/admin/user-logs?from=yesterday' });
    expectFieldError(bad, 'from');
  });

  test('the export holds the same rows', async () => {
    const sheet = await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/user-logs/down?subjectId=${subjectId}&from=2026-03-02&to=2026-03-04`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0];
    expect(rows?.rowCount).toBe(3);
    expect([rows?.getRow(2).getCell(6).value, rows?.getRow(3).getCell(6).value]).toEqual([
      'POST /api/test/2026-03-03',
      'POST /api/test/2026-03-02',
    ]);
  });
});

describe("the caller's address", () => {
  test('is the one the call came from, also when its connection is gone by the time the call is logged', async () => {
    const merchant = await createActiveCustomer(t, admin);
    // The hook as the app installs it, on a route that loses its connection while it runs: Node then no longer
    // knows the peer's address (a balancer that left, a response that failed on a closed socket).
    const api = Fastify();
    api.decorateRequest('auth', null);
    installAuditLog(api, t.ctx.db);
    api.post('/gone', async (request) => {
      request.auth = {
        userId: merchant.id,
        username: '',
        kind: 'customer',
        codes: [],
        roles: [],
        sessionId: 0,
        actorId: null,
      };
      Object.defineProperty(request.raw.socket, 'remoteAddress', { get: () => undefined });
      return { ok: true };
    });
    try {
      const answer = await api.inject({ method: 'POST', url: '/gone', remoteAddress: '203.0.113.9' });
      expect(answer.statusCode).toBe(200);
      const logged = await until(
        () =>
          t.ctx.db
            .selectFrom('user_logs')
            .select(['ip', 'status_code'])
            .where('subject_id', '=', merchant.id)
            .where('path', '=', '/gone')
            .executeTakeFirst(),
        (row) => row !== undefined,
        'the call in the user log',
      );
      expect(logged).toEqual({ ip: '203.0.113.9', status_code: 200 });
    } finally {
      await api.close();
    }
  });
});
