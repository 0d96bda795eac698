/**
 * 1,000 labels bought in one batch: POST /api/app/order/label/batchCreateMix over real HTTP, then
 * GET /api/app/jobs/:id until the job is done. Baseline: the same purchase written in plain SQL through
 * the raw driver (per order one transaction moving the order, its parcels, the wallet, a ledger row and
 * an event), on another 1,000 drafts of the same sheet.
 */
import type { Api } from '../lib/api.ts';
import { importSheet } from '../lib/api.ts';
import { orderSheet } from '../lib/sheet.ts';
import type { Raw } from '../lib/target.ts';
import { log, now, type Result, sleep, timed } from '../lib/util.ts';

export const LABELS = 1000;

/** Drafts made through the real import (2 × LABELS: one half for the baseline, one for the batch). */
export async function makeDrafts(api: Api, raw: Raw, count: number): Promise<number[]> {
  // Every 10th order of the sheet has two rows: 11 rows make 10 orders.
  const sheet = await orderSheet({ rows: Math.ceil(count * 1.1) + 2, badShare: 0 });
  const result = await importSheet(api, sheet.bytes);
  if (result.errors.length > 0) throw new Error(`draft sheet has errors: ${JSON.stringify(result.errors[0])}`);
  const rows = await raw.query('select id from orders where batch_no = ? order by id', [result.batchNo]);
  return rows.slice(0, count).map((row) => Number(row.id));
}

interface JobView {
  id: number;
  status: string;
  total: number;
  done: number;
  failed: number;
  left: number;
}

/**
 * Buys the labels of `ids` in one batch job (with `serviceId`, else each order's cheapest) and waits for
 * it; answers the elapsed time, the job, and how long each progress poll took to answer (ms).
 */
export async function buyInBatch(
  api: Api,
  ids: number[],
  serviceId?: number,
): Promise<{ ms: number; job: JobView; polls: number[] }> {
  const start = now();
  const { jobId } = await api.call<{ jobId: number }>('POST', '/api/app/order/label/batchCreateMix', {
    ids,
    ...(serviceId ? { serviceId } : { strategy: 'cheapest' }),
  });
  const polls: number[] = [];
  for (;;) {
    const asked = now();
    const job = await api.call<JobView>('GET', `/api/app/jobs/${jobId}`);
    polls.push(now() - asked);
    if (job.status !== 'queued' && job.status !== 'running') return { ms: now() - start, job, polls };
    if (now() - start > 900_000) throw new Error(`batch job ${jobId} still ${job.status} after 15 minutes`);
    await sleep(10);
  }
}

/** The floor: what the database alone needs to record 1,000 purchases, one transaction per order. */
async function rawPurchases(raw: Raw, userId: number, ids: number[], lanes: number): Promise<number> {
  const [service] = await raw.query(
    `select s.id, s.channel_id, s.code, s.name, s.carrier_code from carrier_services s
     join channels c on c.id = s.channel_id where c.platform_code = 'ratecard' order by s.id limit 1`,
  );
  if (!service) throw new Error('no ratecard service');
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++] as number;
      const at = Date.now();
      const tracking = `RAW${String(id).padStart(12, '0')}`;
      await raw.transaction(async (q) => {
        await q(
          `update orders set status = 1, channel_id = ?, service_id = ?, carrier_code = ?, service_code = ?,
             service_name = ?, rate = 1234, cost = 1000, zone = 5, billable_oz = 16, tracking_no = ?,
             label_created_at = ?, updated_at = ? where id = ? and status = 0`,
          [service.channel_id, service.id, service.carrier_code, service.code, service.name, tracking, at, at, id],
        );
        await q('update parcels set tracking_no = ?, barcode = ? where order_id = ?', [
          tracking,
          JSON.stringify({ symbology: 'code128', data: tracking }),
          id,
        ]);
        const [wallet] = await q(
          `update wallets set balance = balance - 1234, updated_at = ?
           where user_id = ? and currency = 'USD' and balance + credit_limit >= 1234 returning balance`,
          [at, userId],
        );
        await q(
          `insert into balance_logs (user_id, currency, type, amount, earnest_amount, deposit_amount, balance_after,
             earnest_after, deposit_after, reference_type, reference_id, reference_no, actor_id, remark, created_at)
           values (?, 'USD', 1, -1234, 0, 0, ?, 0, 0, 'order', ?, ?, ?, '', ?)`,
          [userId, wallet?.balance ?? 0, id, tracking, userId, at],
        );
        await q(
          `insert into order_events (order_id, status, event, detail, actor_id, created_at)
           values (?, 1, 'labelCreated', ?, ?, ?)`,
          [id, tracking, userId, at],
        );
      });
    }
  };
  const { ms } = await timed(() => Promise.all(Array.from({ length: lanes }, lane)));
  return ms;
}

export async function labelsBench(
  db: string,
  api: Api,
  raw: Raw,
  userId: number,
): Promise<{ results: Result[]; boughtIds: number[] }> {
  log(`${db}: ${2 * LABELS} drafts through the import`);
  const ids = await makeDrafts(api, raw, 2 * LABELS);
  const baselineIds = ids.slice(0, LABELS);
  const batchIds = ids.slice(LABELS);

  log(`${db}: raw-SQL baseline`);
  const baselineMs = await rawPurchases(raw, userId, baselineIds, db === 'postgres' ? 8 : 1);

  log(`${db}: batch of ${LABELS} labels`);
  const { ms, job } = await buyInBatch(api, batchIds);
  if (job.done !== LABELS || job.failed !== 0) throw new Error(`batch ended ${JSON.stringify(job)}`);
  const [bought] = await raw.query(
    `select count(*) as n from orders where status = 1 and tracking_no is not null and id in (${batchIds.join(',')})`,
  );
  if (Number(bought?.n) !== LABELS) throw new Error(`only ${bought?.n} of ${LABELS} orders have a label`);

  return {
    boughtIds: batchIds,
    results: [
      {
        bench: 'labels',
        db,
        figure: `${LABELS} labels, one batch (HTTP → job done)`,
        value: ms,
        unit: 'ms',
        target: { op: '<', limit: 3000 },
        baseline: { name: `raw SQL, ${LABELS} purchases`, value: baselineMs, unit: 'ms' },
        note: `${((ms / LABELS) * 1000).toFixed(0)} µs per label`,
      },
    ],
  };
}
