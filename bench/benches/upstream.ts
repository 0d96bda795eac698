/**
 * Labels bought from an upstream carrier at volume: 1,000 labels in one batch through the EasyPost
 * stand-in answering at 300 ms median and 1.5 s p99, with 5 % of its answers 503 (not carried out), on a
 * channel whose quota is 1,200 requests a minute; a few orders the carrier refuses for good. Baseline: the
 * quota-bound minimum, the requests the batch made divided by the quota. Checked: the batch within
 * 1.15x of it, no shipment bought twice, no order charged twice, and each refusal on its row with the
 * carrier's words.
 */
import { ORDER_STATUS } from '@parcelport/shared';
import { startEasyPostStandIn } from '../../apps/server/standins/easypost.ts';
import type { Api } from '../lib/api.ts';
import type { Raw } from '../lib/target.ts';
import { log, type Result, sleep } from '../lib/util.ts';
import { buyInBatch, makeDrafts } from './labels.ts';

const KEY = 'EZTK_bench_key';
const QUOTA_PER_MINUTE = 1200;
/** Orders the carrier refuses for good (its 402: not enough postage funds). */
const REFUSED = 5;

/** A latency with a 300 ms median and about 1.5 s at the 99th percentile (log-normal). */
function latency(): number {
  const normal = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  return 300 * Math.exp(0.69 * normal);
}

/** Orders among `ids` still placing (their purchase unconfirmed): at first, and the wait until none is. */
async function settled(raw: Raw, ids: number[]): Promise<{ atEnd: number; ms: number }> {
  const placing = async () =>
    Number(
      (
        await raw.query(
          `select count(*) as n from orders where status = ${ORDER_STATUS.placing} and id in (${ids.join(',')})`,
          [],
        )
      )[0]?.n,
    );
  const started = Date.now();
  const atEnd = await placing();
  for (let left = atEnd; left > 0; left = await placing()) {
    if (Date.now() - started > 300_000) throw new Error(`${left} purchases still unconfirmed after 5 minutes`);
    await sleep(1000);
  }
  return { atEnd, ms: Date.now() - started };
}

export async function upstreamBench(
  db: 'sqlite' | 'postgres',
  admin: Api,
  merchant: { id: number; api: Api },
  raw: Raw,
  labels: number,
): Promise<Result[]> {
  const easypost = await startEasyPostStandIn({ apiKey: KEY });
  let restoreAllotment = async () => {};
  try {
    const { id: channelId } = await admin.call<{ id: number }>('POST', '/api/admin/channel/create', {
      name: 'EasyPost bench',
      platformCode: 'easypost',
      carrierCode: 'USPS',
      settings: {
        apiKey: KEY,
        baseUrl: easypost.url,
        requestsPerSecond: 0,
        requestsPerMinute: QUOTA_PER_MINUTE,
        concurrency: 40,
      },
    });
    const { id: serviceId } = await admin.call<{ id: number }>('POST', '/api/admin/channel/createNew', {
      channelId,
      code: `EP_BENCH_${channelId}`,
      name: 'EasyPost USPS Ground Advantage',
      carrierCode: 'USPS',
      settings: { carrier: 'USPS', service: 'GroundAdvantage' },
    });
    // The allotment is set whole: the merchant's own channels come back once the batch is measured, for the
    // benches after this one (whose stand-in is gone by then).
    const allotted = (await raw.query('select channel_id from user_channels where user_id = ?', [merchant.id])).map(
      (row) => Number(row.channel_id),
    );
    restoreAllotment = () =>
      admin.call('POST', '/api/admin/channel/allot-channel', { userId: merchant.id, channelIds: allotted });
    await admin.call('POST', '/api/admin/channel/allot-channel', { userId: merchant.id, channelIds: [channelId] });
    log(`${db}: ${labels} drafts for the upstream batch`);
    const ids = await makeDrafts(merchant.api, raw, labels);

    easypost.chaos = { latencyMs: latency, transientShare: 0.05 };
    easypost.fail('POST /v2/shipments/:id/buy', { kind: 'status', status: 402 }, REFUSED);
    const before = easypost.requests.length;
    log(`${db}: buying ${labels} labels through the EasyPost stand-in (quota ${QUOTA_PER_MINUTE}/min)`);
    const { ms, job } = await buyInBatch(merchant.api, ids, serviceId);
    easypost.chaos = null;
    const requests = easypost.requests.length - before;
    const quotaBoundMs = (requests / QUOTA_PER_MINUTE) * 60_000;

    // A purchase whose carrier answer was lost stays charged (placing) until the recovery sweep asks the
    // carrier: completed if the label was issued, refunded if not. The money is checked once they settle.
    const unconfirmed = await settled(raw, ids);
    if (unconfirmed.atEnd > 0) {
      log(`${db}: ${unconfirmed.atEnd} purchases unconfirmed at the batch's end, settled in ${unconfirmed.ms} ms`);
    }
    // What a person would check afterwards: nothing bought twice, nothing charged twice, refusals explained.
    const boughtTwice = [...easypost.purchases.values()].filter((count) => count > 1).length;
    const charges = await raw.query(
      `select reference_id, sum(amount) as net, count(*) as n from balance_logs
       where user_id = ? and type in (1, 2) group by reference_id`,
      [merchant.id],
    );
    const prices = new Map(
      (await raw.query('select id, rate, insurance_fee, status from orders where user_id = ?', [merchant.id])).map(
        (row) => [Number(row.id), row],
      ),
    );
    const batch = new Set(ids);
    const doubleCharged = charges
      .filter((row) => batch.has(Number(row.reference_id)))
      .filter((row) => {
        const order = prices.get(Number(row.reference_id));
        const owed = order && Number(order.status) === 1 ? Number(order.rate) + Number(order.insurance_fee) : 0;
        return -Number(row.net) !== owed;
      }).length;
    const failures = await merchant.api.call<{ list: { message: string }[] }>(
      'GET',
      `/api/app/jobs/${job.id}/items?status=failed&page=1&pageSize=100`,
    );
    const unexplained = failures.list.filter((item) => !item.message.includes('Insufficient funds'));
    for (const item of unexplained.slice(0, 3)) log(`${db}: a failure without the carrier's words: ${item.message}`);
    log(
      `${db}: ${requests} requests in ${(ms / 1000).toFixed(1)} s (quota-bound ${(quotaBoundMs / 1000).toFixed(1)} s); ` +
        `${job.done} bought, ${job.failed} failed; bought twice ${boughtTwice}, charged twice ${doubleCharged}, ` +
        `failures without the carrier's words ${unexplained.length}`,
    );
    const note = `${requests} requests, ${job.failed} refused`;
    const zero = (figure: string, value: number): Result => ({
      bench: 'upstream',
      db,
      figure,
      value,
      unit: 'count',
      target: { op: '<', limit: 1, text: '0' },
      baseline: null,
    });
    return [
      {
        bench: 'upstream',
        db,
        figure: `${labels} labels through EasyPost (300 ms median, 5 % 503, ${QUOTA_PER_MINUTE}/min)`,
        value: ms,
        unit: 'ms',
        target: { op: '<', limit: quotaBoundMs * 1.15, text: '< 1.15 × quota-bound' },
        baseline: { name: 'quota-bound minimum', value: quotaBoundMs, unit: 'ms' },
        note,
      },
      zero('shipments bought twice', boughtTwice),
      zero('orders charged twice', doubleCharged),
      zero('refusals without the carrier’s words', unexplained.length + Math.abs(job.failed - REFUSED)),
    ];
  } finally {
    await restoreAllotment();
    await easypost.close();
  }
}
