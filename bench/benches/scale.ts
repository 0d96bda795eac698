/**
 * Issue 29's batch at scale: 10,000 labels bought in one batch on the own (ratecard) channel by a server
 * process started for it, with the job's progress polled all along, then every order checked charged once,
 * then the zip of all 10,000 labels streamed from a fresh server. Baselines from the same run: the server's
 * resident memory before each, and a batch of 1,000 labels on the same server just before, times ten (does
 * the batch stay linear?).
 */
import type { Api } from '../lib/api.ts';
import type { ServerProcess } from '../lib/procs.ts';
import type { Raw } from '../lib/target.ts';
import { log, percentile, type Result } from '../lib/util.ts';
import { buyInBatch, makeDrafts } from './labels.ts';
import { downloadZip } from './zip.ts';

export const SCALE_LABELS = 10_000;
const SMALL_BATCH = 1_000;

/** Fails the run when an order of the batch was charged other than once or the ledger disagrees with the wallet. */
async function checkChargedOnce(raw: Raw, userId: number, ids: number[]): Promise<void> {
  const list = ids.join(',');
  const [bought] = await raw.query(`select count(*) as n from orders where status = 1 and id in (${list})`);
  if (Number(bought?.n) !== ids.length) throw new Error(`only ${bought?.n} of ${ids.length} orders have a label`);
  const [charges] = await raw.query(
    `select count(*) as n, count(distinct reference_id) as orders from balance_logs
     where user_id = ? and reference_type = 'order' and amount < 0 and reference_id in (${list})`,
    [userId],
  );
  if (Number(charges?.n) !== ids.length || Number(charges?.orders) !== ids.length)
    throw new Error(`${charges?.n} charges for ${charges?.orders} of ${ids.length} orders`);
  const [sums] = await raw.query(
    `select (select sum(amount) from balance_logs where user_id = ? and currency = 'USD') as ledger,
            (select balance from wallets where user_id = ? and currency = 'USD') as wallet`,
    [userId, userId],
  );
  if (Number(sums?.ledger) !== Number(sums?.wallet))
    throw new Error(`ledger sum ${sums?.ledger} is not the wallet's ${sums?.wallet}`);
}

/**
 * `startFresh` starts a server process of its own (so its memory is this work's alone; `api`'s server may be
 * stopped by then, only its token is used).
 */
export async function scaleBatchBench(
  db: string,
  api: Api,
  raw: Raw,
  userId: number,
  startFresh: () => Promise<ServerProcess>,
): Promise<Result[]> {
  // The drafts come from an import on a server of its own: what the import's sheet leaves in a heap is not
  // the batch's.
  const importer = await startFresh();
  let ids: number[];
  let small: number[];
  try {
    log(`${db}: ${SMALL_BATCH} and ${SCALE_LABELS} drafts through the import, two sheets`);
    small = await makeDrafts(api.at(importer.url), raw, SMALL_BATCH);
    ids = await makeDrafts(api.at(importer.url), raw, SCALE_LABELS);
  } finally {
    await importer.stop();
  }

  const buyer = await startFresh();
  let batch: Awaited<ReturnType<typeof buyInBatch>>;
  let smallMs: number;
  let buyerIdle: number;
  let buyerPeak: number;
  try {
    const onBuyer = api.at(buyer.url);
    log(`${db}: baseline batch of ${SMALL_BATCH} labels`);
    smallMs = (await buyInBatch(onBuyer, small)).ms;
    buyer.resetPeak();
    buyerIdle = buyer.memory().rssMB;
    log(`${db}: batch of ${SCALE_LABELS} labels (server idle at ${buyerIdle.toFixed(0)} MB)`);
    batch = await buyInBatch(onBuyer, ids);
    buyerPeak = buyer.memory().peakMB;
  } finally {
    await buyer.stop();
  }
  if (batch.job.done !== SCALE_LABELS || batch.job.failed !== 0)
    throw new Error(`batch ended ${JSON.stringify(batch.job)}`);
  await checkChargedOnce(raw, userId, ids);
  const polls = [...batch.polls].sort((a, b) => a - b);
  const [first] = await raw.query('select batch_no from orders where id = ?', [ids[0]]);
  const batchNo = String(first?.batch_no);

  const zipper = await startFresh();
  let zip: Awaited<ReturnType<typeof downloadZip>>;
  let zipIdle: number;
  let zipPeak: number;
  try {
    const onZipper = api.at(zipper.url);
    await downloadZip(onZipper, `ids=${ids.slice(0, 5).join(',')}`); // warm-up: the route's code, the label fonts
    zipper.resetPeak();
    zipIdle = zipper.memory().rssMB;
    log(`${db}: zip of ${SCALE_LABELS} labels by batch (server idle at ${zipIdle.toFixed(0)} MB)`);
    zip = await downloadZip(onZipper, `batchNo=${encodeURIComponent(batchNo)}`);
    zipPeak = zipper.memory().peakMB;
  } finally {
    await zipper.stop();
  }
  if (zip.entries !== SCALE_LABELS) throw new Error(`the zip has ${zip.entries} entries, not ${SCALE_LABELS}`);

  const bench = 'scale';
  return [
    {
      bench,
      db,
      figure: `${SCALE_LABELS} labels, one batch (HTTP → job done), every order charged once`,
      value: batch.ms,
      unit: 'ms',
      target: { op: '<', limit: db === 'postgres' ? 15_000 : 10_000 },
      baseline: { name: `${SMALL_BATCH}-label batch before it × 10`, value: smallMs * 10, unit: 'ms' },
      note: `${((batch.ms / SCALE_LABELS) * 1000).toFixed(0)} µs per label`,
    },
    {
      bench,
      db,
      figure: `progress poll while the batch runs, p95 (${polls.length} polls)`,
      value: percentile(polls, 95),
      unit: 'ms',
      target: { op: '<', limit: 50 },
      baseline: null,
      note: `max ${(polls.at(-1) ?? 0).toFixed(0)} ms`,
    },
    {
      bench,
      db,
      figure: 'batch server peak RSS',
      value: buyerPeak,
      unit: 'MB',
      target: { op: '<', limit: 300 },
      baseline: { name: 'same server before it', value: buyerIdle, unit: 'MB' },
    },
    {
      bench,
      db,
      figure: `zip of ${SCALE_LABELS} labels: time to first byte`,
      value: zip.firstByte,
      unit: 'ms',
      target: { op: '<', limit: 1000 },
      baseline: null,
      note: `whole download ${(zip.total / 1000).toFixed(1)} s, ${(zip.bytes / 1048576).toFixed(0)} MB`,
    },
    {
      bench,
      db,
      figure: 'zip server peak RSS',
      value: zipPeak,
      unit: 'MB',
      target: { op: '<', limit: 300 },
      baseline: { name: 'same server before it', value: zipIdle, unit: 'MB' },
    },
  ];
}
