/**
 * Issue 29's tracking at volume (`bench/benches/tracking-data.ts` builds the world): `--tracking-parcels`
 * live parcels on an EasyPost channel, a ShipEngine channel and the ratecard channel that only 17TRACK tracks.
 *
 * 1. Pushes: the carriers' stand-ins' own signed pushes (a scan in transit each, a parcel each) sent to the
 *    channels' webhook addresses (`POST /api/tracking/webhook/carrier/{id}`) at 500 a second for
 *    `--tracking-push-seconds`, on a schedule that does not wait for the answers: the time from each push's
 *    due moment to its application (p99 ≤ 2 s): its parcel's event stored with the order's move, and for a
 *    merchant with an endpoint its webhook event queued, read from the rows' `created_at` (the server answers
 *    once the push is stored and applies the stored pushes in groups after; it runs until they are applied,
 *    two minutes at most); the time to the answer beside it; checked afterwards in the database (every pushed
 *    order in transit, a tracking.updated event for each parcel of a merchant with an endpoint). Baseline:
 *    the same writes in plain SQL (the event, the parcel, the order, the webhook event, one transaction a
 *    push) at the same rate, the server stopped.
 * 2. Polling: every parcel marked checked at the start, then two instances on PostgreSQL (one on SQLite)
 *    configured for 17TRACK (its stand-in in the bench process, bench/lib/track17-standin.ts) refresh every
 *    minute for `--tracking-poll-seconds`: the busiest second of 17TRACK calls (≤ 3, its published rate), the
 *    most numbers in one call (≤ 40), the numbers checked a minute, and at the end the age of each live
 *    17TRACK parcel's last check (worst, p95) beside the quota-bound minimum time of a sweep of them all.
 */
import { Api } from '../lib/api.ts';
import { type ServerProcess, startServer } from '../lib/procs.ts';
import type { Raw } from '../lib/target.ts';
import { busiestSecond, startTrack17StandIn, type Track17Call } from '../lib/track17-standin.ts';
import { log, now, percentile, type Result, sleep } from '../lib/util.ts';
import { makeTrackingWorld, type Push, type TrackingWorld } from './tracking-data.ts';
import { startReceiver } from './webhooks.ts';

const PUSHES_PER_SECOND = 500;
const TRACK17_KEY = 'bench-17track-key';
/** 17TRACK's published limits (API v2.2). */
const TRACK17_PER_SECOND = 3;
const TRACK17_PER_CALL = 40;

interface Sent {
  push: Push;
  /** The push's due moment, epoch ms. */
  dueAt: number;
  /** From the due moment to the answer. */
  ms: number;
  status: number;
}

/**
 * Runs `work` for each item at `perSecond`, each at its due moment whether or not the ones before answered
 * (an open schedule: a slow answer does not slow the pushes), timed from the due moment.
 */
async function onSchedule<T, R>(
  items: readonly T[],
  perSecond: number,
  work: (item: T) => Promise<R>,
): Promise<{ item: T; dueAt: number; ms: number; outcome: R }[]> {
  const start = now();
  const epoch = Date.now();
  return Promise.all(
    items.map(async (item, k) => {
      const due = (k * 1000) / perSecond;
      await sleep(Math.max(0, due - (now() - start)));
      const outcome = await work(item);
      return { item, dueAt: epoch + due, ms: now() - start - due, outcome };
    }),
  );
}

async function sendPushes(url: string, pushes: readonly Push[]): Promise<Sent[]> {
  const sent = await onSchedule(pushes, PUSHES_PER_SECOND, async (push) => {
    try {
      const res = await fetch(`${url}/api/tracking/webhook/carrier/${push.channelId}`, {
        method: 'POST',
        headers: push.headers,
        body: push.body,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      // A connection the server refused or reset: the push was not taken (status 0), as a carrier would see it.
      return 0;
    }
  });
  return sent.map(({ item, dueAt, ms, outcome }) => ({ push: item, dueAt, ms, status: outcome }));
}

/** How many answers of each status other than 200 (`503 ×12, 0 ×3`), or none. */
function statuses(sent: readonly Sent[]): string {
  const counts = new Map<number, number>();
  for (const entry of sent) if (entry.status !== 200) counts.set(entry.status, (counts.get(entry.status) ?? 0) + 1);
  return counts.size === 0 ? 'none' : [...counts].map(([status, count]) => `${status} ×${count}`).join(', ');
}

/** The baseline: each push's writes in plain SQL, one transaction a push, on the same schedule. */
async function rawWrites(raw: Raw, pushes: readonly Push[], hooked: ReadonlySet<number>): Promise<number[]> {
  const done = await onSchedule(pushes, PUSHES_PER_SECOND, (push) =>
    raw.transaction(async (query) => {
      const at = Date.now();
      await query(
        `insert into tracking_events (parcel_id, order_id, status, description, location, occurred_at, created_at)
         values (?, ?, 2, 'Arrived at USPS Regional Facility (baseline)', 'LOS ANGELES CA', ?, ?)`,
        [push.parcelId, push.orderId, at, at],
      );
      await query('update parcels set tracking_status = 2, tracking_updated_at = ? where id = ?', [at, push.parcelId]);
      await query('update orders set status = 2, updated_at = ? where id = ?', [at, push.orderId]);
      if (hooked.has(push.userId))
        await query(
          `insert into webhook_events (event_id, user_id, type, source_key, body, is_test, created_at)
           values (?, ?, 'tracking.updated', ?, ?, 0, ?)`,
          [`msg_baseline_${push.parcelId}`, push.userId, `baseline:${push.parcelId}`, push.body.slice(0, 500), at],
        );
    }),
  );
  return done.map((entry) => entry.ms).sort((a, b) => a - b);
}

/**
 * Waits until every parcel pushed and answered 200 has its pushed event stored (the server answers once the
 * push is stored and applies it after), or `limitMs` passed; answers how long it waited.
 */
async function untilApplied(raw: Raw, sent: readonly Sent[], since: number, limitMs: number): Promise<number> {
  const start = now();
  const parcels = new Set(sent.filter((entry) => entry.status === 200).map((entry) => entry.push.parcelId));
  if (parcels.size === 0) return 0;
  for (;;) {
    const [row] = await raw.query(
      'select count(distinct parcel_id) as n from tracking_events where created_at >= ? and parcel_id >= ?',
      [since, Math.min(...parcels)],
    );
    if (Number(row?.n) >= parcels.size || now() - start > limitMs) return now() - start;
    await sleep(100);
  }
}

/** What the database says of the pushed parcels: orders moved, and when each webhook event was queued. */
async function appliedPushes(raw: Raw, world: TrackingWorld, sent: readonly Sent[], since: number) {
  const orderIds = [...new Set(sent.map((entry) => entry.push.orderId))];
  let moved = 0;
  for (let start = 0; start < orderIds.length; start += 1000) {
    const [row] = await raw.query(
      `select count(*) as n from orders where status = 2 and id in (${orderIds.slice(start, start + 1000).join(',')})`,
    );
    moved += Number(row?.n);
  }
  const queuedAt = new Map<number, number>();
  for (const row of await raw.query(
    `select source_key, created_at from webhook_events where type = 'tracking.updated' and created_at >= ?`,
    [since],
  ))
    queuedAt.set(Number(String(row.source_key).split(':')[1]), Number(row.created_at));
  const storedAt = new Map<number, number>();
  for (const row of await raw.query(
    'select parcel_id, max(created_at) as at from tracking_events where created_at >= ? group by parcel_id',
    [since],
  ))
    storedAt.set(Number(row.parcel_id), Number(row.at));
  const hooked = new Set(world.hookedUserIds);
  const expected = sent.filter((entry) => hooked.has(entry.push.userId));
  const queued = expected
    .map((entry) => (queuedAt.get(entry.push.parcelId) ?? Number.POSITIVE_INFINITY) - entry.dueAt)
    .sort((a, b) => a - b);
  // Applied: its parcel's event stored, its order moved (same transaction) and, for a merchant with an
  // endpoint, its webhook event queued; a push not answered 200, or never applied, counts as infinite.
  const applied = sent
    .map((entry) => {
      if (entry.status !== 200) return Number.POSITIVE_INFINITY;
      const stored = storedAt.get(entry.push.parcelId) ?? Number.POSITIVE_INFINITY;
      const event = hooked.has(entry.push.userId)
        ? (queuedAt.get(entry.push.parcelId) ?? Number.POSITIVE_INFINITY)
        : Number.NEGATIVE_INFINITY;
      return Math.max(stored, event) - entry.dueAt;
    })
    .sort((a, b) => a - b);
  return { moved, orders: orderIds.length, queued, expected: expected.length, applied };
}

async function pushBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  raw: Raw,
  parcels: number,
  pushSeconds: number,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
): Promise<{ results: Result[]; world: TrackingWorld }> {
  // No refresh round during the pushes: the push server's refresh interval is a day.
  const server = await startServer('app', { ...env, TRACKING_REFRESH_MINUTES: '1440' });
  let world: TrackingWorld;
  let sent: Sent[];
  const since = Date.now();
  try {
    world = await makeTrackingWorld(db, new Api(server.url), raw, {
      parcels,
      pushes: PUSHES_PER_SECOND * pushSeconds,
      receiverUrl: receiver.url,
    });
    log(`${db}: ${world.pushes.length} carrier pushes at ${PUSHES_PER_SECOND}/s`);
    sent = await sendPushes(server.url, world.pushes);
    // The server answers once a push is stored and applies it after: it runs until they are applied.
    const waited = await untilApplied(raw, sent, since, 120_000);
    log(`${db}: the pushes applied ${(waited / 1000).toFixed(1)} s after the last answer`);
  } finally {
    await server.stop();
  }
  const failed = sent.filter((entry) => entry.status !== 200).length;
  const applied = await appliedPushes(raw, world, sent, since);
  // A push not answered 200 was not applied: its time is infinite.
  const answered = sent
    .map((entry) => (entry.status === 200 ? entry.ms : Number.POSITIVE_INFINITY))
    .sort((a, b) => a - b);
  // The receiver notes arrivals on the bench's monotonic clock, by tracking number and state.
  const arrived = new Map([...receiver.first.values()].map(({ at, key }) => [key, performance.timeOrigin + at]));
  const delivered = sent
    .flatMap((entry) => {
      const at = arrived.get(`${entry.push.trackingNo}:2`);
      return at === undefined ? [] : [at - entry.dueAt];
    })
    .sort((a, b) => a - b);
  log(`${db}: the same pushes' writes in plain SQL, at the same rate`);
  const baseline = await rawWrites(raw, world.pushes, new Set(world.hookedUserIds));
  const ms = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '∞'} ms`;
  const results: Result[] = [
    {
      bench: 'tracking',
      db,
      figure: `${sent.length} carrier pushes at ${PUSHES_PER_SECOND}/s over ${world.parcels} live parcels: p99 push → applied (event stored, order moved, webhook event queued)`,
      value: percentile(applied.applied, 99),
      unit: 'ms',
      target: { op: '<', limit: 2000.0001, text: '≤ 2 s' },
      baseline: { name: 'the same writes in plain SQL, p99', value: percentile(baseline, 99), unit: 'ms' },
      note: `p50 ${ms(percentile(applied.applied, 50))}, max ${ms(applied.applied.at(-1) ?? Number.NaN)}; baseline p50 ${ms(percentile(baseline, 50))}`,
    },
    {
      bench: 'tracking',
      db,
      figure: `the same pushes: p99 push → answered (stored)`,
      value: percentile(answered, 99),
      unit: 'ms',
      target: null,
      baseline: null,
      note:
        `p50 ${ms(percentile(answered, 50))}, max ${ms(answered.at(-1) ?? Number.NaN)}; ${failed} answered other than 200 (${statuses(sent)}; 0: a connection refused or reset); ` +
        `orders moved to in transit ${applied.moved} of ${applied.orders}; ` +
        `webhook events queued ${applied.queued.filter(Number.isFinite).length} of ${applied.expected} (push → event row p50 ${ms(percentile(applied.queued, 50))}, p99 ${ms(percentile(applied.queued, 99))}); ` +
        `first delivery reached the receiver before the server stopped for ${delivered.length} (p99 ${ms(percentile(delivered, 99))})`,
    },
  ];
  return { results, world };
}

/** The carriers' request counts so far, each second; every tenth second, the 17TRACK parcels' worst and p95 age. */
interface Sample {
  easypost: number;
  shipengine: number;
  worst?: number;
  p95?: number;
}

/** The age of each live 17TRACK parcel's last check at `at`, youngest first. */
async function agesOfLastCheck(raw: Raw, world: TrackingWorld, at: number): Promise<number[]> {
  const rows = await raw.query(
    `select p.tracking_checked_at from parcels p join orders o on o.id = p.order_id
     where o.channel_id = ? and o.id >= ? and o.status in (1, 2) and p.tracking_status <> 6`,
    [world.channels.track17, world.firstOrderId],
  );
  return rows.map((row) => at - Number(row.tracking_checked_at)).sort((a, b) => a - b);
}

async function sampleEverySecond(raw: Raw, world: TrackingWorld, seconds: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const start = now();
  for (let k = 1; k <= seconds; k++) {
    await sleep(Math.max(0, k * 1000 - (now() - start)));
    const sample: Sample = { easypost: world.easypost.requests.length, shipengine: world.shipengine.requests.length };
    if (k % 10 === 0) {
      const ages = await agesOfLastCheck(raw, world, Date.now());
      Object.assign(sample, { worst: ages.at(-1), p95: percentile(ages, 95) });
    }
    samples.push(sample);
  }
  return samples;
}

/** The most requests a carrier's stand-in received in one sampled second and in any 60 of them. */
function carrierPeaks(samples: readonly Sample[], carrier: 'easypost' | 'shipengine', before: number) {
  const counts = samples.map((sample) => sample[carrier]);
  const perSecond = counts.map((count, k) => count - (k === 0 ? before : (counts[k - 1] as number)));
  const perMinute = counts.map((count, k) => count - (k < 60 ? before : (counts[k - 60] as number)));
  return {
    total: (counts.at(-1) ?? before) - before,
    second: Math.max(0, ...perSecond),
    minute: Math.max(0, ...perMinute),
  };
}

/** The tightest span of TRACK17_PER_SECOND + 1 calls in a row (under 1 s: one too many in a second). */
function tightestSpan(calls: readonly Track17Call[]): number {
  const times = calls.map((call) => call.at).sort((a, b) => a - b);
  let tightest = Number.POSITIVE_INFINITY;
  for (let k = TRACK17_PER_SECOND; k < times.length; k++)
    tightest = Math.min(tightest, (times[k] as number) - (times[k - TRACK17_PER_SECOND] as number));
  return tightest;
}

async function pollBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  raw: Raw,
  world: TrackingWorld,
  pollSeconds: number,
): Promise<Result[]> {
  const track17 = await startTrack17StandIn(TRACK17_KEY);
  const instances = db === 'postgres' ? 2 : 1;
  const start = Date.now();
  // Every parcel checked at the start: the ages at the end are those the refresh leaves.
  await raw.query('update parcels set tracking_checked_at = ?, tracking_claimed_until = null where order_id >= ?', [
    start,
    world.firstOrderId,
  ]);
  const before = { easypost: world.easypost.requests.length, shipengine: world.shipengine.requests.length };
  const servers: ServerProcess[] = [];
  let samples: Sample[];
  let ages: number[];
  let spanCalls = 0;
  try {
    for (let k = 0; k < instances; k++)
      servers.push(
        await startServer('app', {
          ...env,
          TRACKING_PROVIDER: '17track',
          TRACK17_API_URL: track17.url,
          TRACK17_API_KEY: TRACK17_KEY,
          TRACKING_REFRESH_MINUTES: '1',
        }),
      );
    log(`${db}: ${instances} instance(s) refreshing every minute for ${pollSeconds} s`);
    samples = await sampleEverySecond(raw, world, pollSeconds);
    ages = await agesOfLastCheck(raw, world, Date.now());
    // the span's calls: a stopping instance finishes the round it is in, after the span
    spanCalls = track17.calls.length;
  } finally {
    for (const server of servers) await server.stop();
    await track17.close();
  }
  const fetches = track17.calls.slice(0, spanCalls).filter((call) => call.path.endsWith('/gettrackinfo'));
  const checked = fetches.reduce((sum, call) => sum + call.numbers, 0);
  const tracked = ages.length;
  const quotaSweepMs = (tracked / (TRACK17_PER_SECOND * TRACK17_PER_CALL)) * 1000;
  const quotaSweep = { name: 'quota-bound minimum sweep', value: quotaSweepMs, unit: 'ms' };
  const sampled = samples.filter((sample) => sample.worst !== undefined);
  const seconds = (ms: number | undefined) => `${((ms ?? Number.NaN) / 1000).toFixed(0)} s`;
  const easypost = carrierPeaks(samples, 'easypost', before.easypost);
  const shipengine = carrierPeaks(samples, 'shipengine', before.shipengine);
  const label = `${instances} instance${instances > 1 ? 's' : ''}, ${pollSeconds} s`;
  const row = (fields: Omit<Result, 'bench' | 'db'>): Result => ({ bench: 'tracking', db, ...fields });
  return [
    row({
      figure: `17TRACK calls in the busiest second (${label}, ${track17.calls.length} calls)`,
      value: busiestSecond(track17.calls),
      unit: 'count',
      // No call at all keeps to any quota and says nothing of the pace: shown, not passed.
      target:
        track17.calls.length > 0
          ? { op: '<', limit: TRACK17_PER_SECOND + 0.0001, text: `≤ ${TRACK17_PER_SECOND}` }
          : null,
      baseline: null,
      note: `the tightest ${TRACK17_PER_SECOND + 1} calls in a row arrived within ${tightestSpan(track17.calls).toFixed(0)} ms (the pace spaces turns ${Math.ceil(1000 / TRACK17_PER_SECOND)} ms apart)`,
    }),
    row({
      figure: '17TRACK numbers in one call, most',
      value: Math.max(0, ...track17.calls.map((call) => call.numbers)),
      unit: 'count',
      target:
        track17.calls.length > 0 ? { op: '<', limit: TRACK17_PER_CALL + 0.0001, text: `≤ ${TRACK17_PER_CALL}` } : null,
      baseline: null,
    }),
    row({
      figure: `17TRACK numbers checked a minute (${tracked} live 17TRACK parcels)`,
      value: (checked / pollSeconds) * 60,
      unit: 'count',
      target: null,
      baseline: {
        name: 'the quota (3 calls/s × 40)',
        value: TRACK17_PER_SECOND * TRACK17_PER_CALL * 60,
        unit: 'count',
      },
      note:
        `${checked} numbers in ${fetches.length} calls over the ${pollSeconds} s (the first round starts a minute in); ` +
        `meanwhile the carriers were polled for their own parcels: EasyPost ${easypost.total} calls (busiest second ${easypost.second}, ` +
        `busiest minute ${easypost.minute}; its channel's limits 20/s, 1,200/min), ShipEngine ${shipengine.total} ` +
        `(busiest second ${shipengine.second}, minute ${shipengine.minute}; limit 200/min)`,
    }),
    row({
      figure: 'a sweep of every 17TRACK parcel at the measured rate',
      value: checked > 0 ? (tracked / checked) * pollSeconds * 1000 : Number.POSITIVE_INFINITY,
      unit: 'ms',
      target: null,
      baseline: quotaSweep,
    }),
    row({
      figure: "a live 17TRACK parcel's last check, age at the end: worst",
      value: ages.at(-1) ?? Number.NaN,
      unit: 'ms',
      target: null,
      baseline: quotaSweep,
      note:
        `${ages.filter((age) => age < pollSeconds * 1000).length} of ${tracked} checked within the span (all marked checked ` +
        `at its start, so an age of the whole span means not reached); sampled every 10 s, the worst age peaked at ` +
        `${seconds(Math.max(...sampled.map((sample) => sample.worst as number)))}, the p95 at ${seconds(Math.max(...sampled.map((sample) => sample.p95 as number)))}`,
    }),
    row({
      figure: "a live 17TRACK parcel's last check, age at the end: p95",
      value: percentile(ages, 95),
      unit: 'ms',
      target: null,
      baseline: quotaSweep,
    }),
  ];
}

export async function trackingBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  raw: Raw,
  options: { parcels: number; pushSeconds: number; pollSeconds: number },
): Promise<Result[]> {
  const receiver = await startReceiver();
  const hookEnv = { ...env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.2' };
  let world: TrackingWorld | undefined;
  try {
    const pushes = await pushBench(db, hookEnv, raw, options.parcels, options.pushSeconds, receiver);
    world = pushes.world;
    // `--tracking-poll-seconds=0`: the pushes alone.
    if (options.pollSeconds <= 0) return pushes.results;
    return [...pushes.results, ...(await pollBench(db, hookEnv, raw, world, options.pollSeconds))];
  } finally {
    await receiver.close();
    await world?.easypost.close();
    await world?.shipengine.close();
  }
}
