/**
 * A carrier's bill of 100,000 lines for one channel (issue 15): about 117,000 paid labels generated in the
 * database, the bill written as csv with the generic preset's headers (70 % lines that match, 18 % weight
 * adjustments, 5 % credits, 4 % unknown tracking numbers, 3 % lines repeated), then over real HTTP as staff
 * do it: POST /api/admin/bills/preview (read, matched, classified, kept) and POST /api/admin/bills/:id/post
 * (every line that settles a label posted in a transaction of its own). The figure is both together, against
 * the server's peak memory; afterwards the classification and the posting are checked as a person would.
 * Baseline: the same file read by the server's csv reader alone, in this process.
 */
import { readSheet } from '../../apps/server/src/carriers/ratecard/import.ts';
import type { Api } from '../lib/api.ts';
import { bulkOrders } from '../lib/bulk.ts';
import { startServer } from '../lib/procs.ts';
import type { Target } from '../lib/target.ts';
import { log, type Result, timed } from '../lib/util.ts';

export const BILL_LINES = 100_000;

interface Bill {
  id: number;
  lines: number;
  counts: Record<'matches' | 'adjustment' | 'credit' | 'duplicate' | 'unmatched', number>;
  errors: unknown[];
  charged: string;
}

/** The bill: one line per parcel of a paid label, the kinds spread over the file. */
function billCsv(trackingNos: string[]) {
  const rows = ['Tracking number,Amount,Reason,Billed weight'];
  const expected = { matches: 0, adjustment: 0, credit: 0, duplicate: 0, unmatched: 0 };
  let previous = '';
  for (let i = 0; rows.length <= BILL_LINES; i++) {
    const bucket = i % 100;
    let row: string;
    if (bucket < 70) {
      row = `${trackingNos[i]},0.00,,`;
      expected.matches += 1;
    } else if (bucket < 88) {
      row = `${trackingNos[i]},1.25,Weight correction,5`;
      expected.adjustment += 1;
    } else if (bucket < 93) {
      row = `${trackingNos[i]},(0.50),Address correction,`;
      expected.credit += 1;
    } else if (bucket < 97 || previous === '') {
      row = `UNKNOWN${String(i).padStart(12, '0')},2.00,Weight correction,`;
      expected.unmatched += 1;
    } else {
      row = previous;
      expected.duplicate += 1;
    }
    rows.push(row);
    previous = row;
  }
  return { csv: `${rows.join('\n')}\n`, expected };
}

async function upload(api: Api, csv: string, channelId: number): Promise<Bill> {
  const form = new FormData();
  form.append('channelId', String(channelId));
  form.append('preset', 'generic');
  form.append('file', new Blob([csv]), 'bill.csv');
  const res = await fetch(`${api.base}/api/admin/bills/preview`, {
    method: 'POST',
    headers: api.headers(),
    body: form,
  });
  const json = (await res.json()) as { data: Bill };
  if (res.status !== 200) throw new Error(`bill preview: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

export async function billsBench(
  db: 'sqlite' | 'postgres',
  target: Target,
  env: Record<string, string>,
  adminToken: string,
  merchantId: number,
): Promise<Result[]> {
  log(`${db}: generating labels for the bill`);
  await bulkOrders(target.raw, db, { orders: 140_000, merchants: 300, mainUserId: merchantId, prefix: 'billed' });
  // The generated merchants have no wallets yet: empty ones, so that what a bill charges them stays owed.
  await target.raw.exec(
    `insert into wallets (user_id, currency, updated_at)
     select id, 'USD', ${Date.now()} from users where username like 'billed%@shop.bench'`,
  );
  const [channel] = await target.raw.query(
    `select channel_id from orders where tracking_no like 'BENCH%' and channel_id is not null limit 1`,
  );
  const channelId = Number(channel?.channel_id);
  // The parcels generated here: other benches' labels on the same database are not on this carrier's bill
  // (the labels bench's raw-SQL baseline gives an order's parcels one tracking number, lines the bill repeats).
  const parcels = await target.raw.query(
    `select p.tracking_no from parcels p join orders o on o.id = p.order_id
     where o.status in (1, 2, 3) and o.channel_id = ? and p.tracking_no like 'BENCH%' order by p.id limit ?`,
    [channelId, BILL_LINES],
  );
  if (parcels.length < BILL_LINES * 0.93) throw new Error(`only ${parcels.length} labelled parcels for the bill`);
  const { csv, expected } = billCsv(parcels.map((row) => String(row.tracking_no)));
  const readAlone = await timed(() => readSheet(Buffer.from(csv), 'bill.csv'));

  const server = await startServer('app', env);
  try {
    const { Api } = await import('../lib/api.ts');
    const admin = new Api(server.url, adminToken);
    server.resetPeak();
    log(`${db}: previewing and posting a bill of ${BILL_LINES.toLocaleString('en-US')} lines`);
    const preview = await timed(() => upload(admin, csv, channelId));
    const posting = await timed(() => admin.call<Bill>('POST', `/api/admin/bills/${preview.value.id}/post`));
    const peak = server.memory().peakMB;

    const bill = posting.value;
    if (JSON.stringify(bill.counts) !== JSON.stringify({ ...expected, voided: 0 }) || bill.errors.length > 0)
      throw new Error(`bill classified ${JSON.stringify(bill.counts)}, expected ${JSON.stringify(expected)}`);
    const [posted] = await target.raw.query(
      'select count(*) as n, count(distinct posted_key) as keys from carrier_bill_lines where bill_id = ? and posted_at is not null',
      [bill.id],
    );
    const settling = expected.matches + expected.adjustment + expected.credit;
    if (Number(posted?.n) !== settling || Number(posted?.keys) !== settling)
      throw new Error(`posted ${posted?.n} lines (${posted?.keys} keys), expected ${settling}`);
    const [rows] = await target.raw.query(
      `select count(*) as n from balance_logs where reference_type = 'carrierBill' and reference_id = ?`,
      [bill.id],
    );
    const note = `${bill.counts.adjustment} adjustments, ${bill.counts.credit} credits, ${bill.counts.matches} matching, ${bill.counts.unmatched} unmatched, ${bill.counts.duplicate} duplicates; ${rows?.n} ledger rows, charged ${bill.charged}; preview ${Math.round(preview.ms)} ms, posting ${Math.round(posting.ms)} ms`;
    return [
      {
        bench: 'bills',
        db,
        figure: `a ${BILL_LINES.toLocaleString('en-US')}-line bill matched, previewed and posted`,
        value: preview.ms + posting.ms,
        unit: 'ms',
        target: { op: '<', limit: 60_000 },
        baseline: { name: 'the csv read alone', value: readAlone.ms, unit: 'ms' },
        note,
      },
      {
        bench: 'bills',
        db,
        figure: 'server peak RSS during the bill',
        value: peak,
        unit: 'MB',
        target: { op: '<', limit: 300 },
        baseline: null,
      },
    ];
  } finally {
    await server.stop();
  }
}
