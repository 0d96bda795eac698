/**
 * Issue 29: ten million orders on PostgreSQL. The database writes them (bench/lib/bulk.ts, 20,000 merchants
 * with power-law sizes), then over real HTTP, one request at a time: the staff all-waybills list
 * (`GET /api/admin/order/orders`) with its usual filters, 50 and 1,000 rows a page, by tracking number, by
 * order number and by a recipient's name (a typical one and the commonest); the biggest merchant's own list; a deep page reached by keyset
 * (`after`) and by offset beside page 1; and a filtered export of a million rows as csv and as xlsx with the
 * server's peak resident memory. Each query the list runs is written out with EXPLAIN (ANALYZE, BUFFERS)
 * (bench/README.md quotes them).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { orderListQuery } from '@parcelport/shared/contracts/orders/schemas';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';
import {
  cappedCount,
  EXACT_TOTAL_LIMIT,
  orderPage,
  TOTAL_CAP,
} from '../../apps/server/src/modules/orders/order-list-repo.ts';
import type { Api } from '../lib/api.ts';
import { bulkOrders } from '../lib/bulk.ts';
import { type ServerProcess, startServer } from '../lib/procs.ts';
import type { Target } from '../lib/target.ts';
import { log, now, percentile, type Result, timed } from '../lib/util.ts';

const SAMPLES = 30;
const DAY = 86_400_000;

/** Compiles the server's own list queries (order-list-repo.ts) to PostgreSQL text, for EXPLAIN. */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

interface Timing {
  p95: number;
  p50: number;
  first: number;
  total: number;
  totalCapped: boolean;
  rows: number;
}

/** `SAMPLES` GETs one at a time after the first and two warm-ups: their p95 and p50, the first's time and answer. */
async function timeGet<T>(api: Api, path: string): Promise<{ p95: number; p50: number; first: number; data: T }> {
  const once = async () => {
    const start = now();
    const res = await fetch(api.base + path, { headers: api.headers() });
    const body = (await res.json()) as { data: T };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: now() - start, data: body.data };
  };
  const first = await once();
  await once();
  await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  return { p95: percentile(times, 95), p50: percentile(times, 50), first: first.ms, data: first.data };
}

/** A list page timed as `timeGet` times it; the first call counts the total. */
async function timeList(api: Api, path: string): Promise<Timing> {
  const { data, ...times } = await timeGet<{ list: unknown[]; total: number; totalCapped: boolean }>(api, path);
  return { ...times, total: data.total, totalCapped: data.totalCapped, rows: data.list.length };
}

/** A day as the list's date filter takes it. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function volumeBench(
  target: Target,
  env: Record<string, string>,
  admin: Api,
  merchant: Api,
  merchantId: number,
  orders: number,
  explainFile: string,
  exports = true,
): Promise<Result[]> {
  const raw = target.raw;
  log(`postgres: generating ${orders.toLocaleString('en-US')} orders for 20,000 merchants`);
  const generated = await timed(() =>
    bulkOrders(raw, 'postgres', { orders, merchants: 20_000, mainUserId: merchantId, prefix: 'vol' }),
  );
  log(`postgres: generated in ${(generated.ms / 1000).toFixed(0)} s`);
  const [size] = await raw.query(
    `select pg_total_relation_size('orders') as total, pg_relation_size('orders') as heap, max(id) as max_id from orders`,
  );
  const maxId = Number(size?.max_id);
  // A bought order two thirds of the way through (neither the newest nor the oldest pages).
  const [sample] = await raw.query(
    'select order_no, tracking_no, to_name, user_id, channel_id, created_at from orders where id >= ? and tracking_no is not null order by id limit 1',
    [Math.floor(maxId * 0.37)],
  );
  if (!sample) throw new Error('no sample order');
  const [bigCustomer] = await raw.query(
    "select u.id, u.username from users u where u.username like 'vol%' order by u.id limit 1 offset 3",
  );
  // The date filter: the month a year ago; the export: the span holding about a million orders.
  const lastMs = Number(sample.created_at) + 0.63 * 730 * DAY;
  const monthFrom = isoDay(lastMs - 395 * DAY);
  const monthTo = isoDay(lastMs - 366 * DAY);
  const exportDays = Math.min(729, Math.ceil((730 * 1_000_000) / orders));
  const exportFrom = isoDay(lastMs - exportDays * DAY);
  const exportTo = isoDay(lastMs);

  // `limit` null: a figure shown for context, with no target.
  const lists: { name: string; qs: string; limit: number | null; staff: boolean }[] = [
    { name: 'page 1, no filter', qs: 'page=1&pageSize=50', limit: 50, staff: true },
    { name: 'page 1, status delivered', qs: 'status=3&page=1&pageSize=50', limit: 50, staff: true },
    { name: 'page 1, status waiting for pickup', qs: 'status=1&page=1&pageSize=50', limit: 50, staff: true },
    {
      name: 'page 1, channel and status',
      qs: `channelId=${sample.channel_id}&status=2&page=1&pageSize=50`,
      limit: 50,
      staff: true,
    },
    {
      name: 'page 1, a month a year ago',
      qs: `from=${monthFrom}&to=${monthTo}&page=1&pageSize=50`,
      limit: 50,
      staff: true,
    },
    // The customer picked from the accounts (GET /api/admin/order/customers): the list by the account's id.
    {
      name: 'page 1, customer picked (userId)',
      qs: `userId=${bigCustomer?.id}&page=1&pageSize=50`,
      limit: 50,
      staff: true,
    },
    // The text filter the screen used before, kept for API callers: it reads every account to find them.
    {
      name: 'page 1, customer as text (API)',
      qs: `customer=${bigCustomer?.username}&page=1&pageSize=50`,
      limit: null,
      staff: true,
    },
    { name: '1,000-row page, no filter', qs: 'page=1&pageSize=1000', limit: 150, staff: true },
    { name: '1,000-row page, status delivered', qs: 'status=3&page=1&pageSize=1000', limit: 150, staff: true },
    { name: 'by tracking number', qs: `keyword=${sample.tracking_no}&page=1&pageSize=50`, limit: 10, staff: true },
    { name: 'by order number', qs: `keyword=${sample.order_no}&page=1&pageSize=50`, limit: 10, staff: true },
    {
      name: 'keyword on recipient',
      qs: `keyword=${encodeURIComponent(String(sample.to_name))}&page=1&pageSize=50`,
      limit: 100,
      staff: true,
    },
    // the commonest recipient's name of the generated ones (bench/lib/bulk.ts), for context
    {
      name: 'keyword on the commonest recipient name',
      qs: `keyword=${encodeURIComponent('James Smith')}&page=1&pageSize=50`,
      limit: null,
      staff: true,
    },
    { name: 'merchant list, status delivered', qs: 'status=3&page=1&pageSize=50', limit: 30, staff: false },
  ];

  const results: Result[] = [];
  const explains: string[] = [];
  /** Writes the plan down and answers PostgreSQL's own execution time of the query (ms). */
  const explain = async (title: string, compiled: CompiledQuery) => {
    const plan = await raw.query(`explain (analyze, buffers) ${compiled.sql}`, compiled.parameters as unknown[]);
    const lines = plan.map((row) => String(row['QUERY PLAN']));
    const executed = Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? '')?.[1]);
    explains.push(
      `### ${title}\n\n\`\`\`sql\n${compiled.sql}\n-- ${JSON.stringify(compiled.parameters)}\n\`\`\`\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
    );
    return executed;
  };

  // Written as soon as the lists are measured (the exports take minutes on a loaded machine).
  const writePlans = () =>
    writeFileSync(
      explainFile,
      `# EXPLAIN (ANALYZE, BUFFERS) of the staff list over ${orders.toLocaleString('en-US')} orders\n\n` +
        `orders: ${(Number(size?.heap) / 1073741824).toFixed(2)} GB of rows, ${(Number(size?.total) / 1073741824).toFixed(2)} GB with indexes and TOAST; generated in ${(generated.ms / 1000).toFixed(0)} s\n\n${explains.join('\n')}`,
    );

  let server: ServerProcess | null = await startServer('app', env);
  try {
    const staff = admin.at(server.url);
    const own = merchant.at(server.url);
    let pageOne = 0;
    for (const list of lists) {
      const path = `/api/${list.staff ? 'admin' : 'app'}/order/orders?${list.qs}`;
      const timing = await timeList(list.staff ? staff : own, path);
      if (list.name === 'page 1, no filter') pageOne = timing.p95;
      log(`postgres: ${list.name}: p95 ${timing.p95.toFixed(1)} ms (first ${timing.first.toFixed(0)} ms)`);
      // The queries the server ran for this call, as PostgreSQL planned and ran them: the page's own
      // execution time is the baseline (what the database spent; the rest is the server and the machine).
      const query = orderListQuery.parse(Object.fromEntries(new URLSearchParams(list.qs)));
      const scope = list.staff ? {} : { userId: merchantId };
      const { page: _p, pageSize: _s, after: _a, ...filter } = query;
      const pageSql = await explain(`${list.name}: the page`, orderPage(compiler, query, scope).compile());
      await explain(
        `${list.name}: the count (to ${EXACT_TOTAL_LIMIT} + 1)`,
        cappedCount(compiler, filter, scope, EXACT_TOTAL_LIMIT).compile(),
      );
      if (timing.total > EXACT_TOTAL_LIMIT)
        await explain(
          `${list.name}: the count (to ${TOTAL_CAP} + 1)`,
          cappedCount(compiler, filter, scope, TOTAL_CAP).compile(),
        );
      results.push({
        bench: 'volume',
        db: 'postgres',
        figure: `${list.name}: p95`,
        value: timing.p95,
        unit: 'ms',
        target: list.limit === null ? null : { op: '<', limit: list.limit + 0.0001, text: `≤ ${list.limit} ms` },
        baseline: { name: "the page's SQL in PostgreSQL (EXPLAIN ANALYZE)", value: pageSql, unit: 'ms' },
        note: `p50 ${timing.p50.toFixed(1)} ms; first call (counts the total) ${timing.first.toFixed(0)} ms; ${timing.rows} rows, total ${timing.totalCapped ? 'more than ' : ''}${timing.total}`,
      });
    }

    // The customer picker's search (GET /api/admin/order/customers) as staff type a part of an account: it
    // reads every account (20,000 here) for the part, then sorts the matches by account name.
    const typed = String(bigCustomer?.username).split('@')[0] as string;
    const picker = await timeGet<unknown[]>(staff, `/api/admin/order/customers?keyword=${typed}&limit=20`);
    if (picker.data.length === 0) throw new Error(`the customer picker found no account for ${typed}`);
    const like = `%${typed.toLowerCase()}%`;
    const pickerSql = await explain('customer picker: the accounts matching a part', {
      sql: `select "users"."id", "users"."username", "users"."name", "users"."company", "users"."kind", "users"."status", "users"."deleted_at" from "users" where "users"."kind" in ($1, $2) and (lower("users"."username") like $3 or lower("users"."name") like $4 or lower("users"."company") like $5) order by "users"."username" limit $6`,
      parameters: ['customer', 'staff', like, like, like, 20],
    } as unknown as CompiledQuery);
    log(`postgres: customer picker: p95 ${picker.p95.toFixed(1)} ms (first ${picker.first.toFixed(0)} ms)`);
    results.push({
      bench: 'volume',
      db: 'postgres',
      figure: 'customer picker, a part of an account: p95',
      value: picker.p95,
      unit: 'ms',
      target: { op: '<', limit: 100.0001, text: '≤ 100 ms' },
      baseline: { name: 'its SQL in PostgreSQL (EXPLAIN ANALYZE)', value: pickerSql, unit: 'ms' },
      note: `"${typed}": ${picker.data.length} accounts of 20,000; p50 ${picker.p50.toFixed(1)} ms`,
    });

    // Deep pages: the 200th page of 50 reached by keyset (the id the 199th page ended on) and by offset.
    const [deep] = await raw.query('select id from orders order by id desc limit 1 offset ?', [199 * 50 - 1]);
    const keyset = await timeList(staff, `/api/admin/order/orders?page=200&pageSize=50&after=${deep?.id}`);
    const offset = await timeList(staff, '/api/admin/order/orders?page=200&pageSize=50');
    await explain(
      'page 200 by keyset (after)',
      orderPage(compiler, orderListQuery.parse({ page: '200', pageSize: '50', after: String(deep?.id) }), {}).compile(),
    );
    await explain(
      'page 200 by offset',
      orderPage(compiler, orderListQuery.parse({ page: '200', pageSize: '50' }), {}).compile(),
    );
    results.push({
      bench: 'volume',
      db: 'postgres',
      figure: 'page 200 by keyset (after): p95',
      value: keyset.p95,
      unit: 'ms',
      target: { op: '<', limit: 2 * pageOne, text: '≤ 2× page 1' },
      baseline: { name: 'page 1, no filter', value: pageOne, unit: 'ms' },
    });
    results.push({
      bench: 'volume',
      db: 'postgres',
      figure: 'page 200 by offset: p95',
      value: offset.p95,
      unit: 'ms',
      target: null,
      baseline: { name: 'page 1, no filter', value: pageOne, unit: 'ms' },
    });
    await server.stop();
    server = null;
    writePlans();

    // The export: a fresh server each, its peak memory over the download alone.
    if (!exports) {
      log('postgres: the exports left out (--volume-exports=no)');
      return results;
    }
    const [expected] = await raw.query('select count(*) as n from orders where created_at >= ? and created_at < ?', [
      Date.parse(exportFrom),
      Date.parse(exportTo) + DAY,
    ]);
    for (const format of ['csv', 'xlsx'] as const) {
      const fresh = await startServer('app', env);
      try {
        const api = admin.at(fresh.url);
        const warm = await fetch(`${api.base}/api/admin/order/order/down?format=${format}&keyword=none`, {
          headers: api.headers(),
        });
        await warm.arrayBuffer();
        fresh.resetPeak();
        const idle = fresh.memory();
        const start = now();
        const res = await fetch(
          `${api.base}/api/admin/order/order/down?format=${format}&from=${exportFrom}&to=${exportTo}`,
          { headers: api.headers() },
        );
        if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
        let bytes = 0;
        let lines = 0;
        let firstByte = 0;
        const file = `${target.config.dataDir}/export.${format}`;
        const counted = Readable.fromWeb(res.body as never).map((chunk: Buffer) => {
          if (bytes === 0) firstByte = now() - start;
          bytes += chunk.length;
          if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
          return chunk;
        });
        await pipeline(counted, createWriteStream(file));
        const ms = now() - start;
        const peak = fresh.memory().peakMB;
        const rows = format === 'csv' ? lines - 1 : await xlsxRows(file);
        log(
          `postgres: export ${format}: ${rows} rows, ${(bytes / 1048576).toFixed(0)} MB in ${(ms / 1000).toFixed(1)} s, peak ${peak.toFixed(0)} MB`,
        );
        if (rows !== Number(expected?.n)) throw new Error(`the ${format} export has ${rows} rows, not ${expected?.n}`);
        results.push({
          bench: 'volume',
          db: 'postgres',
          figure: `export of ${rows.toLocaleString('en-US')} rows as ${format}: server peak RSS`,
          value: peak,
          unit: 'MB',
          target: { op: '<', limit: 300.0001, text: '≤ 300 MB' },
          baseline: { name: 'same server before it', value: idle.rssMB, unit: 'MB' },
          note: `${(bytes / 1048576).toFixed(0)} MB in ${(ms / 1000).toFixed(1)} s, first byte ${firstByte.toFixed(0)} ms; every row of the filter checked there`,
        });
      } finally {
        await fresh.stop();
      }
    }
  } finally {
    await server?.stop();
  }
  log(`postgres: the plans are in ${explainFile}`);
  return results;
}

/** The rows of the first sheet of an xlsx, header not counted, read as a stream (Info-ZIP `unzip -p`). */
async function xlsxRows(file: string): Promise<number> {
  const child = spawn('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let rows = 0;
  let tail = '';
  for await (const chunk of child.stdout) {
    // '</row>' is six characters: a match cannot lie wholly in the five kept from the chunk before.
    const text = tail + (chunk as Buffer).toString('latin1');
    rows += text.split('</row>').length - 1;
    tail = text.slice(-5);
  }
  return rows - 1;
}
