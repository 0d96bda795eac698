/**
 * Two app instances on one PostgreSQL behind a real load balancer (HAProxy from Debian, started here on
 * 127.0.0.1; issue 29): the mixed load's throughput through it beside one instance alone; a 2,000-label batch
 * with the instance running it SIGKILLed midway while clients go on quoting, listing and buying through the
 * balancer; and a rolling restart (SIGTERM to one instance under load). Each instance is `npm start`'s server,
 * a process of its own; nothing here balances or clusters by hand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Api } from '../lib/api.ts';
import { type CpuGroup, type CpuSpan, cpuSpan, describeCpu, pidsNamed } from '../lib/cpu.ts';
import { type Load, type LoadRequest, load } from '../lib/load.ts';
import { freePort, type ServerProcess, startServer } from '../lib/procs.ts';
import type { Raw, Target } from '../lib/target.ts';
import { log, now, type Result, sleep } from '../lib/util.ts';
import { makeDrafts } from './labels.ts';
import { SHIPMENT } from './quotes.ts';

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const BATCH = 2000;
/** Drafts the clients buy one at a time while the batch runs. */
const SINGLES = 200;
/** How an operator runs instances behind a balancer: a drain on SIGTERM, short claims for a quick takeover. */
const INSTANCE_ENV = { SHUTDOWN_GRACE_SECONDS: '2', JOB_LOCK_MS: '5000', SWEEP_SECONDS: '1' };

/**
 * HAProxy in front of `servers`: round robin, a health check every 250 ms (out after two failures), each
 * request on a connection of its own to the instance (so none is sent on a connection the instance is
 * closing), and a request whose connection failed sent again to the other instance.
 */
function haproxyConfig(port: number, servers: string[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-server-close',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    'frontend parcelport',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 250ms fall 2 rise 1',
    ...servers.map((url, n) => `  server app${n + 1} ${new URL(url).host} check`),
    '',
  ].join('\n');
}

interface Balancer {
  url: string;
  pid: number;
  stop: () => void;
}

/** Starts HAProxy (its configuration written to `file`) on a free port and waits until it passes a request through; answers its address, its pid and a stop. */
async function startBalancer(file: string, servers: string[]): Promise<Balancer> {
  if (!existsSync(HAPROXY))
    throw new Error(`no HAProxy at ${HAPROXY}: apt-get install -y haproxy (or set HAPROXY_PATH)`);
  const port = await freePort();
  writeFileSync(file, haproxyConfig(port, servers));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () => child.kill('SIGKILL');
  process.once('exit', stop);
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, pid: child.pid as number, stop };
  }
  stop();
  throw new Error('HAProxy did not pass a request through within a minute');
}

const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

/**
 * The processes that share the cores under the mixed load: each instance, PostgreSQL (when it runs on this
 * machine: its backends), the balancer, and this process, whose autocannon generates the load.
 */
function loadProcesses(instances: ServerProcess[], balancer: Balancer): CpuGroup[] {
  return [
    ...instances.map((instance, n) => ({ name: `instance ${n + 1}`, pids: () => [instance.pid] })),
    { name: 'PostgreSQL', pids: () => pidsNamed('postgres') },
    { name: 'HAProxy', pids: () => [balancer.pid] },
    { name: 'load generator', pids: () => [process.pid] },
  ];
}

/** `load` through `balancer`, with where the machine's processor time went meanwhile. */
async function loadAccounted(
  balancer: Balancer,
  instances: ServerProcess[],
  requests: LoadRequest[],
  headers: Record<string, string>,
  seconds: number,
): Promise<{ load: Load; cpu: CpuSpan }> {
  const end = cpuSpan(loadProcesses(instances, balancer));
  const measured = await load(balancer.url, requests, headers, seconds);
  return { load: measured, cpu: end() };
}

/** Waits until `server` answers through the balancer's health checks (it was started or restarted). */
async function untilHealthy(server: ServerProcess): Promise<void> {
  for (;;) {
    const ok = await fetch(`${server.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    // Up to itself; the balancer's "rise 1" then takes it in at its next check, 250 ms later.
    if (ok) return sleep(600);
    await sleep(100);
  }
}

interface ClientTally {
  /** Answered at the first try (any status but a balancer's 502/503/504). */
  answered: number;
  /** Answered after one or more retries of a 502/503/504 or a lost connection (same Idempotency-Key). */
  retried: number;
  /** Neither: a 500, or still unanswered after five tries. */
  failed: number;
  bought: number[];
}

/**
 * Clients working through the balancer until `until` resolves: each in turn lists a page, quotes and buys
 * one of `singles` with an Idempotency-Key, retrying what the balancer could not deliver.
 */
async function clients(
  lb: string,
  api: Api,
  singles: number[],
  serviceId: number,
  until: Promise<unknown>,
): Promise<ClientTally> {
  const tally: ClientTally = { answered: 0, retried: 0, failed: 0, bought: [] };
  let over = false;
  until.finally(() => {
    over = true;
  });
  async function ask(method: string, url: string, body?: string): Promise<Response | null> {
    const key = randomUUID();
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(lb + url, {
        method,
        headers: api.headers({
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(method === 'POST' ? { 'idempotency-key': key } : {}),
        }),
        body,
      }).catch(() => null);
      if (res && ![502, 503, 504].includes(res.status)) {
        if (res.status >= 500) tally.failed++;
        else if (attempt === 0) tally.answered++;
        else tally.retried++;
        return res;
      }
      await res?.arrayBuffer();
      await sleep(200 * (attempt + 1));
    }
    tally.failed++;
    return null;
  }
  const client = async () => {
    while (!over) {
      await (await ask('GET', '/api/app/order/orders?page=1&pageSize=50'))?.arrayBuffer();
      await (await ask('POST', '/api/app/order/estimateRateMix', SHIPMENT))?.arrayBuffer();
      const orderId = singles.shift();
      if (orderId === undefined) continue;
      const bought = await ask('POST', '/api/app/order/label/create', JSON.stringify({ orderId, serviceId }));
      if (bought?.status === 200) tally.bought.push(orderId);
      await bought?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, client));
  return tally;
}

/** What the kill left: labels bought twice, orders charged other than once net, orders still in 17. */
async function afterTheKill(raw: Raw, userId: number, ids: number[]) {
  const list = ids.join(',');
  const [duplicates] = await raw.query(
    `select count(*) as n from (select tracking_no from orders where id in (${list}) and tracking_no is not null
     group by tracking_no having count(*) > 1) d`,
  );
  const [wrong] = await raw.query(
    `select count(*) as n from orders o where o.id in (${list}) and
       (select coalesce(sum(case when type = 1 then 1 when type = 2 then -1 else 0 end), 0) from balance_logs b
        where b.user_id = ? and b.reference_type = 'order' and b.reference_id = o.id)
       <> case when o.status = 1 then 1 else 0 end`,
    [userId],
  );
  const [stuck] = await raw.query(`select count(*) as n from orders where id in (${list}) and status = 17`);
  return { duplicates: Number(duplicates?.n), doubleCharges: Number(wrong?.n), stuck: Number(stuck?.n) };
}

export async function balancedBench(
  target: Target,
  env: Record<string, string>,
  api: Api,
  userId: number,
  seconds: number,
): Promise<Result[]> {
  const instanceEnv = { ...env, ...INSTANCE_ENV };
  const importer = await startServer('app', instanceEnv);
  let drafts: number[];
  try {
    log(`postgres: ${BATCH + SINGLES} drafts for the balanced run`);
    drafts = await makeDrafts(api.at(importer.url), target.raw, BATCH + SINGLES);
  } finally {
    await importer.stop();
  }
  const batchIds = drafts.slice(0, BATCH);
  const singles = drafts.slice(BATCH);

  let a = await startServer('app', instanceEnv);
  let b = await startServer('app', instanceEnv);
  const dir = path.dirname(target.config.dataDir as string);
  const balancer = await startBalancer(path.join(dir, 'haproxy-two.cfg'), [a.url, b.url]);
  const results: Result[] = [];
  try {
    // Throughput: the same mixed load through a balancer in front of one instance, then of two.
    const headers = api.headers({ 'content-type': 'application/json' });
    const mixed = [
      { method: 'GET' as const, path: '/api/app/order/orders?page=1&pageSize=50' },
      { method: 'POST' as const, path: '/api/app/order/estimateRateMix', body: SHIPMENT },
    ];
    // Where the cores went under each says whether a second instance had any to use (issue 29, bench/README.md).
    const single = await startBalancer(path.join(dir, 'haproxy-one.cfg'), [a.url]);
    let oneAccounted: { load: Load; cpu: CpuSpan };
    try {
      await load(single.url, mixed, headers, 2);
      oneAccounted = await loadAccounted(single, [a], mixed, headers, seconds);
    } finally {
      single.stop();
    }
    await load(balancer.url, mixed, headers, 2);
    const twoAccounted = await loadAccounted(balancer, [a, b], mixed, headers, seconds);
    const [one, two] = [oneAccounted.load, twoAccounted.load];
    log(`postgres: mixed load ${one.rps.toFixed(0)} req/s on one, ${two.rps.toFixed(0)} req/s on two`);

    // The batch, sent to A so that A's worker (woken by the enqueue) runs it; A is killed midway.
    const [quote] = await api
      .at(balancer.url)
      .call<{ serviceId: number; cheapest: boolean }[]>('POST', '/api/app/order/estimateRateMix', {
        orderId: singles[0],
      })
      .then((lines) => lines.filter((line) => line.cheapest));
    if (!quote) throw new Error('no cheapest service for the single buys');
    const start = now();
    const { jobId } = await api
      .at(a.url)
      .call<{ jobId: number }>('POST', '/api/app/order/label/batchCreateMix', { ids: batchIds, strategy: 'cheapest' });
    const onBalancer = api.at(balancer.url);
    let finished!: () => void;
    const batchDone = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const working = clients(balancer.url, api, [...singles], quote.serviceId, batchDone);
    let killed = false;
    let job: { status: string; done: number; failed: number } = { status: 'queued', done: 0, failed: 0 };
    for (;;) {
      // A poll the balancer could not deliver (the instance died under it) is asked again.
      job = await onBalancer
        .call<typeof job>('GET', `/api/app/jobs/${jobId}`)
        .catch(() => ({ status: 'running', done: killed ? BATCH / 10 : 0, failed: 0 }));
      if (!killed && job.done >= BATCH / 10) {
        log(`postgres: SIGKILL to the instance running the batch at ${job.done} of ${BATCH}`);
        await a.kill();
        killed = true;
      }
      if (job.status !== 'queued' && job.status !== 'running') break;
      if (now() - start > 600_000) throw new Error(`batch job ${jobId} still ${job.status} after 10 minutes`);
      await sleep(50);
    }
    const batchMs = now() - start;
    finished();
    const tally = await working;
    const [claims] = await target.raw.query('select attempts from jobs where id = ?', [jobId]);
    if (Number(claims?.attempts) < 2)
      throw new Error('the batch was not taken over: the killed instance did not hold it');
    // Orders the killed instance left in 17 are settled by the sweep once their claim lapses.
    let left = await afterTheKill(target.raw, userId, drafts);
    for (const deadline = Date.now() + 120_000; left.stuck > 0 && Date.now() < deadline; await sleep(500))
      left = await afterTheKill(target.raw, userId, drafts);

    // Rolling restart: A comes back on its port, then B is stopped (SIGTERM) while the load runs through the
    // balancer, and comes back too.
    a = await startServer('app', instanceEnv, undefined, portOf(a));
    await untilHealthy(a);
    const loading = load(balancer.url, mixed, headers, seconds);
    await sleep((seconds * 1000) / 3);
    log('postgres: SIGTERM to one instance under load');
    await b.stop();
    b = await startServer('app', instanceEnv, undefined, portOf(b));
    const rolling: Load = await loading;

    const bench = 'scale';
    const db = 'postgres';
    const count = (figure: string, value: number, note?: string): Result => ({
      bench,
      db,
      figure,
      value,
      unit: 'count',
      target: { op: '<', limit: 1 },
      baseline: null,
      note,
    });
    results.push(
      {
        bench,
        db,
        figure: 'two instances behind HAProxy: mixed load (list pages, quotes)',
        value: two.rps,
        unit: 'req/s',
        target: { op: '>=', limit: one.rps * 1.6, text: '≥ 1.6× one' },
        baseline: { name: 'one instance behind HAProxy', value: one.rps, unit: 'req/s' },
        note: `p99 ${two.p99.toFixed(0)} ms against ${one.p99.toFixed(0)} ms; errors ${two.errors}`,
      },
      ...[
        { of: 'one instance', cpu: oneAccounted.cpu },
        { of: 'two instances', cpu: twoAccounted.cpu },
      ].map(
        ({ of, cpu }): Result => ({
          bench,
          db,
          figure: `… ${of}: the machine's cores busy under that load`,
          value: cpu.busy * 100,
          unit: '%',
          target: null,
          baseline: null,
          note: describeCpu(cpu),
        }),
      ),
      count(
        `batch of ${BATCH}, its instance SIGKILLed midway: labels bought twice`,
        left.duplicates,
        `the batch took ${(batchMs / 1000).toFixed(1)} s, ${job.done} bought, ${job.failed} failed, taken over by the other instance`,
      ),
      count('… orders charged other than once net (bought: once; not bought: nothing)', left.doubleCharges),
      count('… orders left in 17 (being bought) once the claims lapsed', left.stuck),
      count(
        '… client requests through the balancer neither answered nor cleanly retriable',
        tally.failed,
        `${tally.answered} answered at once, ${tally.retried} after a retry (same Idempotency-Key); ${tally.bought.length} single labels bought`,
      ),
      count(
        'rolling restart (SIGTERM to one instance under load): requests failed at the balancer',
        rolling.errors,
        `${rolling.requests} requests, ${rolling.rps.toFixed(0)} req/s`,
      ),
    );
  } finally {
    balancer.stop();
    await Promise.all([a.stop(), b.stop()]);
  }
  return results;
}
