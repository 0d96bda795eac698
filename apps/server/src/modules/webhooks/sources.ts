import { formatCents } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { emitWebhookEvents, type WebhookEvent } from './events.ts';
import { jobTotals, liveItemOfJob, orderMode, ordersOfLabels } from './sources-repo.ts';

/**
 * The events of the places that do what they tell of (label bought, voided, refunded, billed, tracked,
 * imported, a batch finished), each called in that place's transaction: the `data` of each type is written
 * here once, as docs/api.md's catalogue shows it (catalogue.ts holds the samples). Each event is of the mode
 * of the order it tells of (issue 31): a test order's events go to test endpoints only.
 */

interface OrderFacts {
  id: number;
  user_id: number;
  order_no: string;
  tracking_no: string | null;
  is_test: number;
}

const orderData = (order: OrderFacts) => ({
  orderId: order.id,
  orderNo: order.order_no,
  trackingNo: order.tracking_no,
});

/** label.created for orders whose purchase was just completed (one per label: a rebought order is new). */
export async function labelsCreated(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const orders = await ordersOfLabels(db, orderIds);
  await emitWebhookEvents(
    db,
    orders.map((order) => ({
      userId: order.user_id,
      type: 'label.created',
      source: `order:${order.id}:${order.tracking_no}`,
      data: { ...orderData(order), channelId: order.channel_id, test: order.is_test === 1 },
      test: order.is_test === 1,
    })),
  );
}

export async function labelVoided(db: Db, order: OrderFacts): Promise<void> {
  await emitWebhookEvents(db, [
    {
      userId: order.user_id,
      type: 'label.voided',
      source: `order:${order.id}:${order.tracking_no}`,
      data: orderData(order),
      test: order.is_test === 1,
    },
  ]);
}

/** refund.completed: `amount` cents given back to the wallet (an order is refunded once per label, refund.ts). */
export async function refundCompleted(db: Db, order: OrderFacts & { version: number }, amount: number) {
  await emitWebhookEvents(db, [
    {
      userId: order.user_id,
      type: 'refund.completed',
      source: `order:${order.id}:v${order.version}`,
      data: { ...orderData(order), currency: 'USD', amount: formatCents(amount) },
      test: order.is_test === 1,
    },
  ]);
}

/** bill.adjusted: a carrier bill changed what the merchant paid (`change` cents, positive charged more). */
export async function billAdjusted(
  db: Db,
  order: OrderFacts,
  bill: { source: string; change: number; penalty: number; billLineId?: number | undefined },
) {
  if (bill.change === 0 && bill.penalty === 0) return;
  await emitWebhookEvents(db, [
    {
      userId: order.user_id,
      type: 'bill.adjusted',
      source: bill.source,
      data: {
        ...orderData(order),
        billLineId: bill.billLineId ?? null,
        currency: 'USD',
        amount: formatCents(bill.change),
        penalty: formatCents(bill.penalty),
      },
      test: order.is_test === 1,
    },
  ]);
}

interface TrackedChange {
  parcel: { parcelId: number; orderId: number; trackingNo: string; order?: { userId: number; isTest: number } };
  change: { status: number; state: string; event: Record<string, unknown> & { occurredAt: number } };
}

/**
 * tracking.updated: a parcel's state changed (`event` is the carrier's event that moved it). Its order's
 * merchant and mode are read here unless the caller read them with the parcel (`order`).
 */
export async function trackingUpdated(db: Db, parcel: TrackedChange['parcel'], change: TrackedChange['change']) {
  await trackingUpdatedMany(db, [{ parcel, change }]);
}

/**
 * tracking.updated for many parcels' changes (a group of carrier pushes), in the same few statements as one:
 * the orders the callers did not read with their parcels read in one query.
 */
export async function trackingUpdatedMany(db: Db, changes: readonly TrackedChange[]) {
  const unread = changes.flatMap(({ parcel }) => (parcel.order ? [] : [parcel.orderId]));
  const read = new Map(
    (unread.length > 0 ? await ordersOfLabels(db, unread) : []).map((row) => [
      row.id,
      { userId: row.user_id, isTest: row.is_test },
    ]),
  );
  const events: WebhookEvent[] = [];
  for (const { parcel, change } of changes) {
    const order = parcel.order ?? read.get(parcel.orderId);
    if (!order) continue;
    events.push({
      userId: order.userId,
      type: 'tracking.updated',
      source: `parcel:${parcel.parcelId}:${change.status}:${change.event.occurredAt}`,
      data: { orderId: parcel.orderId, trackingNo: parcel.trackingNo, ...change },
      test: order.isTest === 1,
    });
  }
  await emitWebhookEvents(db, events);
}

/** order.imported: drafts made from a file (a test key's are test ones) or an online store. */
export async function ordersImported(
  db: Db,
  userId: number,
  orders: readonly { id: number; order_no: string; is_test: number }[],
  from:
    | { source: 'file'; batchNo: string }
    | { source: 'store'; storeId: number; platform: string; externalId: string },
) {
  await emitWebhookEvents(
    db,
    orders.map((order) => ({
      userId,
      type: 'order.imported',
      source: `order:${order.id}`,
      data: { orderId: order.id, orderNo: order.order_no, ...from },
      test: order.is_test === 1,
    })),
  );
}

/** batch.completed: a batch job (`labels`: buying, `estimate`: quoting) has run every item. */
export async function batchCompleted(db: Db, jobId: number) {
  const job = await jobTotals(db, jobId);
  // Only the worker whose completion took (a worker whose lock lapsed changes nothing).
  if (job?.status !== 'done') return;
  // A batch of test orders (a test key's: ownJob keeps its batches to them) is a test one.
  const live = await liveItemOfJob(db, job.id);
  await emitWebhookEvents(db, [
    {
      userId: job.user_id,
      type: 'batch.completed',
      source: `job:${job.id}`,
      data: { jobId: job.id, type: job.type, total: job.total, done: job.done, failed: job.failed },
      test: live === undefined,
    },
  ]);
}

/**
 * claim.updated: a claim reached `status` (filed, in review, decided, paid). `amount` is what the state is
 * about: the sum claimed until a decision, the sum approved after one, the sum credited once paid.
 */
export async function claimUpdated(
  db: Db,
  claim: {
    id: number;
    user_id: number;
    order_id: number;
    status: string;
    amount: number;
    approved_amount: number | null;
    payout: number | null;
    postage_refund: number | null;
  },
) {
  const amount =
    claim.status === 'paid'
      ? (claim.payout ?? 0) + (claim.postage_refund ?? 0)
      : claim.status === 'approved' || claim.status === 'partlyApproved'
        ? (claim.approved_amount ?? claim.amount)
        : claim.amount;
  const order = await orderMode(db, claim.order_id);
  await emitWebhookEvents(db, [
    {
      userId: claim.user_id,
      type: 'claim.updated',
      source: `claim:${claim.id}:${claim.status}`,
      data: {
        claimId: claim.id,
        orderId: claim.order_id,
        status: claim.status,
        currency: 'USD',
        amount: formatCents(amount),
      },
      test: order?.is_test === 1,
    },
  ]);
}

/** return.used: a pay-on-use return was first scanned by its carrier and `amount` cents charged for it. */
export async function returnUsed(db: Db, order: OrderFacts, row: { outbound_id: number | null }, amount: number) {
  await emitWebhookEvents(db, [
    {
      userId: order.user_id,
      type: 'return.used',
      source: `return:${order.id}`,
      data: {
        orderId: order.id,
        returnOf: row.outbound_id,
        trackingNo: order.tracking_no,
        currency: 'USD',
        amount: formatCents(amount),
      },
      test: order.is_test === 1,
    },
  ]);
}
