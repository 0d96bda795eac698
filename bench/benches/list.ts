/**
 * The order list at volume: with a million orders in the database, the biggest merchant's list filtered
 * by status (delivered, the most common), 50 a page, pages 1-4 in turn, at 10 concurrent connections over
 * real HTTP (autocannon). Baselines from the same run: a bare Fastify route answering the very JSON of
 * page 1 under the same load, and the raw SQL of the page and its count run one at a time.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bulkOrders } from '../lib/bulk.ts';
import { CONNECTIONS, type Load, load } from '../lib/load.ts';
import { type ServerProcess, startServer } from '../lib/procs.ts';
import type { Target } from '../lib/target.ts';
import { log, now, type Result, timed } from '../lib/util.ts';

const STATUS = 3;
const PAGE_SIZE = 50;
const PAGES = [1, 2, 3, 4];

/** The million orders, written once for the benches that read them (`list`, `stats`). */
export interface Volume {
  orders: number;
  /** Seconds the database took to write them. */
  generatedIn: number;
  /** The measured merchant's orders, and those of them in the listed status. */
  mine: number;
  filtered: number;
}

export async function generateVolume(
  db: 'sqlite' | 'postgres',
  target: Target,
  userId: number,
  orders: number,
): Promise<Volume> {
  log(`${db}: generating ${orders.toLocaleString('en-US')} orders`);
  const generated = await timed(() => bulkOrders(target.raw, db, { orders, merchants: 2000, mainUserId: userId }));
  const [mine] = await target.raw.query(
    'select count(*) as n, sum(case when status = ? then 1 else 0 end) as filtered from orders where user_id = ?',
    [STATUS, userId],
  );
  const volume = { orders, generatedIn: generated.ms / 1000, mine: Number(mine?.n), filtered: Number(mine?.filtered) };
  log(
    `${db}: generated in ${volume.generatedIn.toFixed(1)} s; the merchant has ${volume.mine} orders, ${volume.filtered} delivered`,
  );
  return volume;
}

export async function listBench(
  db: 'sqlite' | 'postgres',
  target: Target,
  env: Record<string, string>,
  token: string,
  userId: number,
  volume: Volume,
  seconds: number,
): Promise<Result[]> {
  // Raw SQL, one at a time: the page, and an exact count of every match (what each page cost before totals
  // above 1,000 matches were counted at most every 10 s).
  const rawTime = async (text: string, params: unknown[]) => {
    for (let i = 0; i < 20; i++) await target.raw.query(text, params);
    const start = now();
    for (let i = 0; i < 100; i++) await target.raw.query(text, params);
    return (now() - start) / 100;
  };
  const rawPageMs = await rawTime(
    `select * from orders where user_id = ? and status = ? order by id desc limit ${PAGE_SIZE} offset ${PAGE_SIZE}`,
    [userId, STATUS],
  );
  const rawCountMs = await rawTime('select count(*) as n from orders where user_id = ? and status = ?', [
    userId,
    STATUS,
  ]);

  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
  const paths = PAGES.map((page) => `/api/app/order/orders?status=${STATUS}&page=${page}&pageSize=${PAGE_SIZE}`);
  const pages = paths.map((p) => ({ method: 'GET' as const, path: p }));
  let app: ServerProcess | null = await startServer('app', env);
  let app2: Load;
  let bare: Load;
  try {
    const first = await fetch(app.url + (paths[0] as string), { headers });
    const body = await first.text();
    const parsed = JSON.parse(body) as { data: { list: unknown[]; total: number } };
    if (first.status !== 200 || parsed.data.list.length !== PAGE_SIZE) throw new Error(`list answered ${first.status}`);
    log(`${db}: list answers total ${parsed.data.total}, ${body.length} bytes a page`);
    const payload = path.join(path.dirname(target.config.dataDir as string), `${db}-page.json`);
    writeFileSync(payload, body);

    log(`${db}: warm-up, then ${seconds} s at ${CONNECTIONS} connections`);
    await load(app.url, pages, headers, 2);
    app2 = await load(app.url, pages, headers, seconds);
    await app.stop();
    app = null;

    const bareServer = await startServer('bare', { BENCH_PAYLOAD: payload });
    try {
      await load(bareServer.url, [{ method: 'GET', path: '/bare' }], headers, 2);
      bare = await load(bareServer.url, [{ method: 'GET', path: '/bare' }], headers, seconds);
    } finally {
      await bareServer.stop();
    }
  } finally {
    await app?.stop();
  }
  if (app2.errors > 0) throw new Error(`${app2.errors} failed list requests`);

  const p95Target = db === 'sqlite' ? 20 : 30;
  return [
    {
      bench: 'list',
      db,
      figure: `p95, ${CONNECTIONS} connections, ${(volume.orders / 1e6).toLocaleString('en-US')}M orders`,
      value: app2.p95,
      unit: 'ms',
      target: { op: '<', limit: p95Target },
      baseline: { name: 'bare Fastify p95', value: bare.p95, unit: 'ms' },
      note: `p50 ${app2.p50.toFixed(2)} ms, p99 ${app2.p99.toFixed(2)} ms over ${app2.requests} requests; merchant has ${volume.mine} orders, ${volume.filtered} of them delivered; data generated in ${volume.generatedIn.toFixed(0)} s`,
    },
    {
      bench: 'list',
      db,
      figure: 'throughput, same load',
      value: app2.rps,
      unit: 'req/s',
      target: { op: '>=', limit: bare.rps / 2, text: '≥ ½ bare' },
      baseline: { name: 'bare Fastify', value: bare.rps, unit: 'req/s' },
    },
    {
      bench: 'list',
      db,
      figure: 'raw SQL: the page (50 rows)',
      value: rawPageMs,
      unit: 'ms',
      target: null,
      baseline: null,
    },
    {
      bench: 'list',
      db,
      figure: 'raw SQL: exact count of the matches',
      value: rawCountMs,
      unit: 'ms',
      target: null,
      baseline: null,
    },
  ];
}
