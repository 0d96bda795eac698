/**
 * `npm run bench`: the performance figures of issue 5, each beside a baseline measured in the same run,
 * on SQLite and on PostgreSQL.
 *
 *   node bench/run.ts [labels] [zip] [import] [list] [stats] [quotes] [upstream] [web] [bills] [scale] [webhooks] [tracking] [volume] [--db=sqlite,postgres]
 *     [--orders=1000000] [--volume-orders=10000000] [--volume-exports=yes] [--webhook-endpoints=1000]
 *     [--tracking-parcels=100000] [--tracking-push-seconds=20] [--tracking-poll-seconds=180]
 *     [--seconds=10] [--upstream-labels=1000]
 *
 * With no bench named, all but `volume`, `webhooks` and `tracking` run. The servers under test run in child processes on 127.0.0.1; the data is
 * generated under a temp dir (and, on PostgreSQL, in a schema of its own), both removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { balancedBench } from './benches/balanced.ts';
import { billsBench } from './benches/bills.ts';
import { importBench } from './benches/import.ts';
import { buyInBatch, LABELS, labelsBench, makeDrafts } from './benches/labels.ts';
import { generateVolume, listBench } from './benches/list.ts';
import { quotesBench } from './benches/quotes.ts';
import { scaleBatchBench } from './benches/scale.ts';
import { statsBench } from './benches/stats.ts';
import { trackingBench } from './benches/tracking.ts';
import { upstreamBench } from './benches/upstream.ts';
import { volumeBench } from './benches/volume.ts';
import { webBench } from './benches/web.ts';
import { webhooksBench } from './benches/webhooks.ts';
import { zipBench, zipPeakOnly } from './benches/zip.ts';
import { Api, createMerchant } from './lib/api.ts';
import { serverEnv, startServer } from './lib/procs.ts';
import { openTarget, type Target } from './lib/target.ts';
import { log, pass, printTable, type Result } from './lib/util.ts';

const BENCHES = [
  'labels',
  'zip',
  'import',
  'list',
  'stats',
  'quotes',
  'upstream',
  'web',
  'bills',
  'scale',
  'webhooks',
  'tracking',
  'volume',
] as const;
type BenchName = (typeof BENCHES)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    orders: { type: 'string', default: '1000000' },
    'volume-orders': { type: 'string', default: '10000000' },
    // `no`: the lists alone, without the two exports of a million rows (minutes each on a busy machine).
    'volume-exports': { type: 'string', default: 'yes' },
    seconds: { type: 'string', default: '10' },
    'upstream-labels': { type: 'string', default: '1000' },
    'webhook-endpoints': { type: 'string', default: '1000' },
    'tracking-parcels': { type: 'string', default: '100000' },
    'tracking-push-seconds': { type: 'string', default: '20' },
    'tracking-poll-seconds': { type: 'string', default: '180' },
  },
});
const unknown = positionals.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}`);
// `volume` (ten million orders: longer than all the others together), `webhooks` (a thousand merchants
// registered first) and `tracking` (a hundred thousand parcels, then minutes of refresh) run only when named.
const ONLY_WHEN_NAMED: readonly BenchName[] = ['volume', 'webhooks', 'tracking'];
const selected = new Set<BenchName>(
  positionals.length ? (positionals as BenchName[]) : BENCHES.filter((name) => !ONLY_WHEN_NAMED.includes(name)),
);
const databases = (values.db as string).split(',') as ('sqlite' | 'postgres')[];

const dir = mkdtempSync(path.join(tmpdir(), 'parcelport-bench-'));
const results: Result[] = [];
const started = Date.now();

type Merchant = Awaited<ReturnType<typeof createMerchant>>;

/** Every selected bench of one database but `upstream`, on `target`; answers the merchant they made. */
async function onDatabase(db: 'sqlite' | 'postgres', target: Target): Promise<Merchant> {
  const env = serverEnv(target.config);
  // One server buys the labels and then imports, as a running server does; the zip gets a server process
  // of its own so that its memory is that of the download, not of the batch and the import before it.
  let merchant: Merchant;
  let bought: number[] = [];
  const server = await startServer('app', env);
  try {
    merchant = await createMerchant(new Api(server.url), target.raw, '1000000.00');
    if (selected.has('labels')) {
      const run = await labelsBench(db, merchant.api, target.raw, merchant.id);
      results.push(...run.results);
      bought = run.boughtIds;
    } else if (selected.has('zip')) {
      log(`${db}: buying ${LABELS} labels for the zip`);
      bought = await makeDrafts(merchant.api, target.raw, LABELS);
      await buyInBatch(merchant.api, bought);
    }
    if (selected.has('import')) results.push(...(await importBench(db, merchant.api)));
    if (selected.has('quotes'))
      results.push(...(await quotesBench(db, target, server, merchant.api, Number(values.seconds))));
    // The browser's figures hang on the build, not the database: measured once, on the first.
    if (selected.has('web') && db === databases[0])
      results.push(...(await webBench(db, env, merchant.api, merchant.admin, target.raw)));
  } finally {
    await server.stop();
  }
  if (selected.has('scale'))
    results.push(...(await scaleBatchBench(db, merchant.api, target.raw, merchant.id, () => startServer('app', env))));
  // Its own server (allowed to post to the bench's receiver) and its own merchants.
  if (selected.has('webhooks'))
    results.push(...(await webhooksBench(db, env, target.raw, Number(values['webhook-endpoints']))));
  // Its own servers, channels, stand-ins and parcels (issue 29's tracking at volume).
  if (selected.has('tracking'))
    results.push(
      ...(await trackingBench(db, env, target.raw, {
        parcels: Number(values['tracking-parcels']),
        pushSeconds: Number(values['tracking-push-seconds']),
        pollSeconds: Number(values['tracking-poll-seconds']),
      })),
    );
  // Several instances share PostgreSQL (README); on SQLite there is one.
  if (selected.has('scale') && db === 'postgres')
    results.push(...(await balancedBench(target, env, merchant.api, merchant.id, Number(values.seconds))));
  // Before the million orders: the bill's labels are generated on their own, and its server is its own.
  if (selected.has('bills'))
    results.push(...(await billsBench(db, target, env, merchant.admin.token as string, merchant.id)));
  if (selected.has('zip')) {
    const fresh = await startServer('app', env);
    try {
      results.push(...(await zipBench(db, fresh, new Api(fresh.url, merchant.api.token), bought, target.raw)));
    } finally {
      await fresh.stop();
    }
    // The same download from a server started with plain `node`, without the production Node options.
    const plain = await startServer('app', env, []);
    try {
      results.push(await zipPeakOnly(db, plain, new Api(plain.url, merchant.api.token), bought));
    } finally {
      await plain.stop();
    }
  }
  // Ten million orders (issue 29) on PostgreSQL alone, in a database of their own: before the million of
  // `list`, which would otherwise add to them.
  if (selected.has('volume') && db === 'postgres')
    results.push(
      ...(await volumeBench(
        target,
        env,
        merchant.admin,
        merchant.api,
        merchant.id,
        Number(values['volume-orders']),
        path.join(tmpdir(), 'parcelport-volume-explain.md'),
        values['volume-exports'] !== 'no',
      )),
    );
  if (selected.has('list') || selected.has('stats')) {
    const volume = await generateVolume(db, target, merchant.id, Number(values.orders));
    if (selected.has('list'))
      results.push(
        ...(await listBench(
          db,
          target,
          env,
          merchant.api.token as string,
          merchant.id,
          volume,
          Number(values.seconds),
        )),
      );
    if (selected.has('stats')) {
      const statsServer = await startServer('app', env);
      try {
        const admin = new Api(statsServer.url, merchant.admin.token);
        const own = new Api(statsServer.url, merchant.api.token);
        results.push(...(await statsBench(db, target.raw, admin, own, merchant.id)));
      } finally {
        await statsServer.stop();
      }
    }
  }
  return merchant;
}

/**
 * `upstream` on one database, on a server of its own: its batch waits on the EasyPost stand-in's quota (some four
 * minutes for 1,000 labels), not on the cores, so every database's runs at once, after the other benches.
 */
async function upstreamOn(db: 'sqlite' | 'postgres', target: Target, merchant: Merchant): Promise<Result[]> {
  const server = await startServer('app', serverEnv(target.config));
  try {
    const api = new Api(server.url, merchant.api.token);
    const admin = new Api(server.url, merchant.admin.token);
    return await upstreamBench(db, admin, { id: merchant.id, api }, target.raw, Number(values['upstream-labels']));
  } finally {
    await server.stop();
  }
}

/** What must go even when the run is interrupted: PostgreSQL schemas (the temp dir goes with them). */
const cleanups: (() => Promise<void>)[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: removing the bench data`);
    Promise.allSettled(cleanups.map((cleanup) => cleanup())).finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

const opened: Target[] = [];
try {
  const upstreamRuns: (() => Promise<Result[]>)[] = [];
  for (const db of databases) {
    log(`── ${db}`);
    const target = await openTarget(db, path.join(dir, db));
    cleanups.push(() => target.dispose());
    opened.push(target);
    const merchant = await onDatabase(db, target);
    if (selected.has('upstream')) upstreamRuns.push(() => upstreamOn(db, target, merchant));
  }
  if (upstreamRuns.length > 0) {
    log(`── upstream, ${databases.join(' and ')} at once`);
    for (const run of await Promise.all(upstreamRuns.map((upstream) => upstream()))) results.push(...run);
  }
} finally {
  for (const target of opened) {
    await target.raw.close();
    await target.dispose();
  }
  rmSync(dir, { recursive: true, force: true });
}
printTable(results);
const failed = results.filter((result) => pass(result) === false);
console.log(
  `\n${results.filter((result) => result.target).length - failed.length} passed, ${failed.length} failed — ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s on ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`,
);
if (failed.length > 0) process.exitCode = 1;
