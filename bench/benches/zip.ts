/**
 * A zip of 1,000 labels: GET /api/app/order/label/downZip?ids=… over real HTTP from a server process
 * started for it (on the database where those labels were just bought), timing the first byte and the whole
 * download, and reading the server process's peak resident memory (VmHWM) over the download, started over
 * after a small warm-up zip. Baselines: the same process's resident memory just before, and rendering the
 * same 1,000 labels as one-label PDFs without zipping, in this process.
 */
import { renderLabelsPdf } from '../../apps/server/src/documents/label-pdf.ts';
import { labelsOfOrder } from '../../apps/server/src/modules/orders/labels.ts';
import type { OrderRow, parcelsOf } from '../../apps/server/src/modules/orders/repo.ts';
import type { Api } from '../lib/api.ts';
import { PRODUCTION, type ServerProcess } from '../lib/procs.ts';
import type { Raw } from '../lib/target.ts';
import { log, now, type Result } from '../lib/util.ts';

type ParcelRow = Awaited<ReturnType<typeof parcelsOf>>[number];

/**
 * Downloads the zip of a selection (`ids=…`, or a list filter such as `batchNo=…`): time to the first byte,
 * total time, size, and the entry count.
 */
export async function downloadZip(api: Api, selection: string) {
  const start = now();
  const res = await fetch(`${api.base}/api/app/order/label/downZip?${selection}`, { headers: api.headers() });
  if (res.status !== 200 || !res.body) throw new Error(`downZip answered ${res.status}: ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    if (firstByte === 0) firstByte = now() - start;
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  // The end-of-central-directory record: signature, then the entry count at offset 10.
  if (tail.readUInt32LE(0) !== 0x06054b50) throw new Error('the zip does not end with its central directory');
  return { firstByte, total: now() - start, bytes, entries: tail.readUInt16LE(10) };
}

const idsOf = (ids: number[]) => `ids=${ids.join(',')}`;

/** The baseline: the same labels rendered one PDF each, no database, no HTTP, no zip. */
async function renderOnly(raw: Raw, ids: number[]): Promise<number> {
  const orders = (await raw.query(`select * from orders where id in (${ids.join(',')})`)) as unknown as OrderRow[];
  const parcels = (await raw.query(
    `select * from parcels where order_id in (${ids.join(',')}) order by order_id, seq`,
  )) as unknown as ParcelRow[];
  const byOrder = new Map<number, ParcelRow[]>();
  for (const parcel of parcels) byOrder.set(parcel.order_id, [...(byOrder.get(parcel.order_id) ?? []), parcel]);
  const labels = orders.map((order) => labelsOfOrder(order, byOrder.get(order.id) ?? []));
  await renderLabelsPdf(labels[0] ?? []); // warm-up: fonts and code paths
  const start = now();
  for (const label of labels) {
    await renderLabelsPdf(label);
    await new Promise((resolve) => setImmediate(resolve)); // as the route does between files
  }
  return now() - start;
}

export async function zipBench(
  db: string,
  server: ServerProcess,
  api: Api,
  ids: number[],
  raw: Raw,
): Promise<Result[]> {
  // Warm the route (its code, the label fonts) with a small zip, then start the peak over.
  await downloadZip(api, idsOf(ids.slice(0, 5)));
  server.resetPeak();
  const idle = server.memory();
  log(`${db}: zip of ${ids.length} labels (server idle at ${idle.rssMB.toFixed(0)} MB)`);
  const zip = await downloadZip(api, idsOf(ids));
  const peak = server.memory().peakMB;
  if (zip.entries !== ids.length) throw new Error(`the zip has ${zip.entries} entries, not ${ids.length}`);
  const renderMs = await renderOnly(raw, ids);
  return [
    {
      bench: 'zip',
      db,
      figure: `${ids.length} labels: time to first byte`,
      value: zip.firstByte,
      unit: 'ms',
      target: { op: '<', limit: 1000 },
      baseline: null,
    },
    {
      bench: 'zip',
      db,
      figure: `${ids.length} labels: whole download`,
      value: zip.total,
      unit: 'ms',
      target: null,
      baseline: { name: `render ${ids.length} PDFs, no zip`, value: renderMs, unit: 'ms' },
      note: `${(zip.bytes / 1048576).toFixed(1)} MB, ${zip.entries} files`,
    },
    {
      bench: 'zip',
      db,
      figure: 'server peak RSS during the download',
      value: peak,
      unit: 'MB',
      target: { op: '<', limit: 200 },
      baseline: { name: 'same server before it', value: idle.rssMB, unit: 'MB' },
    },
  ];
}

/** The peak figure alone, for a server started without the production Node options (shown for information). */
export async function zipPeakOnly(db: string, server: ServerProcess, api: Api, ids: number[]): Promise<Result> {
  await downloadZip(api, idsOf(ids.slice(0, 5)));
  server.resetPeak();
  const before = server.memory();
  const zip = await downloadZip(api, idsOf(ids));
  if (zip.entries !== ids.length) throw new Error(`the zip has ${zip.entries} entries, not ${ids.length}`);
  return {
    bench: 'zip',
    db,
    figure: `… server started without ${PRODUCTION.nodeArgs.join(' ')}`,
    value: server.memory().peakMB,
    unit: 'MB',
    target: null,
    baseline: { name: 'same server before it', value: before.rssMB, unit: 'MB' },
  };
}
