/**
 * Quoting and buying an order's label (a state machine, see docs/architecture.md), and recovering a
 * purchase whose instance stopped.
 */
import { FUND_TYPE, type Locale, ORDER_STATUS } from '@parcelport/shared';
import { adapterFor } from '../../carriers/registry.ts';
import type { ChannelConfig, PurchasedParcel } from '../../carriers/types.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nextSequenceIn } from '../../db/sequences.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { holdClaim } from '../../jobs/claim.ts';
import type { Memo } from '../../lib/memo.ts';
import { addressFormatFields } from '../addresses/format.ts';
import { adapterDeps } from '../channels/adapter-deps.ts';
import type { Movement } from '../funds/ledger.ts';
import { actorOf, ownOrder, stateError } from './actions.ts';
import {
  failFromPlacing,
  lapsedPurchases,
  type PurchaseWrites,
  purchaseWrites,
  rememberUpstreamId,
  renewPlacing,
} from './purchase-writes.ts';
import { type QuoteLine, quoteShipment, servicesOf } from './quote.ts';
import { addEvent, findOrder, type OrderRow, parcelsOf, parseAddress } from './repo.ts';
import { refundOrder } from './settlement.ts';
import { shipmentOfOrder } from './shipment.ts';

const S = ORDER_STATUS;

/**
 * The address rule the draft keeps, checked again on the saved order (one saved before the rule, or
 * written by other means): a label is never quoted or sold to an address that fails it.
 */
function refuseMalformedAddresses(order: OrderRow): void {
  const fields = {
    ...addressFormatFields('from', parseAddress(order.from_address)),
    ...addressFormatFields('to', parseAddress(order.to_address)),
  };
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

type ParcelRows = Awaited<ReturnType<typeof parcelsOf>>;

/**
 * What a batch job already holds for an order: the order and its parcels as it just read them, the quote
 * line it picked, and the memo its chunk shares (see lib/memo.ts).
 */
export interface Prepared {
  order?: OrderRow;
  parcels?: ParcelRows;
  line?: QuoteLine;
  memo?: Memo;
  /** How the purchase is written: a batch's purchases share their commits (see purchase-writes.ts). */
  writes?: PurchaseWrites;
}

export async function estimateOrder(
  ctx: AppContext,
  auth: Auth,
  orderId: number,
  locale: Locale,
  prepared: Prepared = {},
) {
  const order = prepared.order ?? (await ownOrder(ctx, auth, orderId));
  refuseMalformedAddresses(order);
  const parcels = prepared.parcels ?? (await parcelsOf(ctx.db, order.id));
  return quoteShipment(
    ctx,
    auth.userId,
    shipmentOfOrder(order, parcels),
    parcels.map((p) => p.insured_cents),
    locale,
    undefined,
    prepared.memo,
  );
}

function earnestOf(channel: ChannelConfig): number {
  const earnest = Number(channel.settings.earnestCents ?? 0);
  return Number.isInteger(earnest) && earnest > 0 ? earnest : 0;
}

/**
 * Buys the label (docs/spec.md §4: draft or failed → 17 placing → 1 with tracking numbers, or 5 with the reason).
 * The wallet is charged the quoted price plus insurance once, with the earnest frozen, in the same
 * transaction as the move to 17; a purchase that fails afterwards refunds both. Answers the order as it
 * is then.
 */
export async function purchaseLabel(ctx: AppContext, auth: Auth, orderId: number, serviceId: number, locale: Locale) {
  await buyLabel(ctx, auth, orderId, serviceId, locale);
  return (await findOrder(ctx.db, orderId)) as OrderRow;
}

/**
 * The purchase itself; a batch passes what it already read (`prepared`), and a quote line only stands in
 * for a fresh quote when it is for the same service and was made from the same memo.
 */
export async function buyLabel(
  ctx: AppContext,
  auth: Auth,
  orderId: number,
  serviceId: number,
  locale: Locale,
  prepared: Prepared = {},
): Promise<{ trackingNo: string; rate: number; serviceName: string }> {
  const order = prepared.order ?? (await ownOrder(ctx, auth, orderId));
  if (order.user_id !== auth.userId) throw notFound('orderNotFound');
  if (order.status !== S.draft && order.status !== S.failed) throw stateError();
  refuseMalformedAddresses(order);
  const parcels = prepared.parcels ?? (await parcelsOf(ctx.db, order.id));
  const shipment = shipmentOfOrder(order, parcels);
  const line =
    prepared.line?.serviceId === serviceId && prepared.memo
      ? prepared.line
      : (
          await quoteShipment(
            ctx,
            auth.userId,
            shipment,
            parcels.map((p) => p.insured_cents),
            locale,
            [serviceId],
            prepared.memo,
          )
        )[0];
  if (!line) throw new AppError(422, 'serviceNotAllotted');
  if (!line.available) throw new AppError(422, 'serviceUnavailable', null, { reason: line.reason ?? '' });
  const allotted = (await servicesOf(ctx, auth.userId, prepared.memo)).find((entry) => entry.service.id === serviceId);
  if (!allotted) throw new AppError(422, 'serviceNotAllotted');
  const { channel, service } = allotted;
  const earnest = earnestOf(channel);
  const actor = actorOf(auth);
  const reference = { type: 'order', id: order.id, no: order.order_no };
  const writes = prepared.writes ?? purchaseWrites(ctx.db, ctx.config.jobLockMs);

  const charge: Movement = {
    userId: order.user_id,
    currency: 'USD',
    type: FUND_TYPE.placeOrder,
    amount: -line.totalCents,
    reference,
    actorId: actor,
  };
  const freeze: Movement = { ...charge, type: FUND_TYPE.earnestFreeze, amount: -earnest, earnest };
  await writes.place({
    order,
    columns: {
      channel_id: channel.id,
      service_id: service.id,
      carrier_code: service.carrierCode,
      service_code: service.code,
      service_name: service.name,
      rate: line.priceCents,
      cost: line.costCents,
      insurance_fee: line.insuranceCents,
      earnest,
      zone: line.zone,
      billable_oz: line.billableOz.reduce((sum, oz) => sum + oz, 0),
      estimate: JSON.stringify(line),
      fail_reason: '',
      // A new purchase: what a failed earlier attempt refunded and released is history.
      refunded_at: null,
      earnest_released_at: null,
    },
    movements: earnest > 0 ? [charge, freeze] : [charge],
    actorId: actor,
  });

  const adapter = adapterFor(channel.platformCode);
  let purchased: Awaited<ReturnType<NonNullable<typeof adapter>['purchase']>>;
  const stopRenewing = holdClaim(() => renewPlacing(ctx.db, order.id, writes.claimMs), writes.claimMs);
  try {
    if (!adapter) throw new Error(`no carrier platform ${channel.platformCode}`);
    purchased = await adapter.purchase(
      {
        channel,
        service,
        shipment,
        // One key per purchase: the order's version it started from changes with every later attempt.
        idempotencyKey: `${order.order_no}:${order.version}`,
        reference: order.order_no,
        nextNumbers: (name, count) => nextSequenceIn(prepared.memo, ctx.db, name, count),
        remember: (upstreamId) => rememberUpstreamId(ctx.db, order.id, upstreamId),
      },
      adapterDeps(ctx, adapter, channel),
    );
    const documents = await storeDocuments(ctx, purchased.parcels);
    const completed = await writes.complete({
      orderId: order.id,
      trackingNo: purchased.trackingNumber,
      upstreamId: purchased.upstreamId ?? null,
      parcels: parcels.map((parcel, index) => {
        const bought = purchased.parcels[index];
        return {
          id: parcel.id,
          trackingNo: bought?.trackingNumber ?? null,
          barcode: bought?.barcode ? JSON.stringify(bought.barcode) : null,
          labelFile: documents[index]?.name ?? null,
          labelFormat: documents[index]?.format ?? null,
        };
      }),
      actorId: actor,
    });
    if (!completed) {
      await Promise.all(documents.map((document) => document && ctx.storage.remove(document.name)));
      // Our claim lapsed before the carrier answered, and a sweep has already refunded the order.
      throw new Error(LAPSED);
    }
  } catch (error) {
    // A carrier's own refusal is worded in the buyer's language; anything else as the error says it.
    const reason =
      error instanceof AppError
        ? translate(error.key, locale, error.params)
        : error instanceof Error
          ? error.message
          : String(error);
    await failPlacing(ctx.db, order.id, reason, actor);
    throw new AppError(422, 'purchaseFailed', { orderId: order.id, status: S.failed }, { reason });
  } finally {
    stopRenewing();
  }
  return { trackingNo: purchased.trackingNumber, rate: line.priceCents, serviceName: service.name };
}

/** Keeps each parcel's label as the carrier issued it in the file storage; undefined where none came. */
async function storeDocuments(ctx: AppContext, parcels: readonly PurchasedParcel[]) {
  return Promise.all(
    parcels.map(async ({ document }) =>
      document ? { name: await ctx.storage.put(document.bytes, document.format), format: document.format } : undefined,
    ),
  );
}

/**
 * Moves an order from 17 to failed (5) with the reason, refunding its charge and releasing its earnest in
 * the same transaction; with `lapsedAt`, only if its purchase's claim had lapsed by then. The move is the
 * conditional update, and the refund is worked out from the row it moved, so of instances racing for one
 * order exactly one refunds it.
 */
async function failPlacing(
  db: Db,
  orderId: number,
  reason: string,
  actorId: number | null,
  lapsedAt?: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await failFromPlacing(trx, orderId, reason.slice(0, 500), lapsedAt);
    if (!order) return false;
    await refundOrder(trx, order, actorId);
    await addEvent(trx, orderId, S.failed, 'failed', actorId, reason.slice(0, 500));
    return true;
  });
}

/** The reason an order fails with when its purchase stopped without an answer from the carrier. */
const LAPSED = 'interrupted';

/**
 * What becomes of an order whose purchase stopped while the carrier call was in flight (its instance
 * crashed, so its claim lapsed): the one place that decides it. The charge is refunded and the order
 * fails with 'interrupted'. Answers whether this call recovered it (another instance may have first).
 */
export function recoverLapsedPurchase(db: Db, orderId: number, now = Date.now()): Promise<boolean> {
  return failPlacing(db, orderId, LAPSED, null, now);
}

/**
 * The sweep every instance runs (see jobs/sweeper.ts): orders in 17 whose purchase's claim lapsed are
 * recovered, each by one instance. A purchase at work, alone or in a batch job, renews its claim, so only
 * one whose instance stopped is taken. Answers how many this call recovered.
 */
export async function sweepLapsedPurchases(db: Db): Promise<number> {
  const now = Date.now();
  const lapsed = await lapsedPurchases(db, now, 500);
  let recovered = 0;
  for (const { id } of lapsed) if (await recoverLapsedPurchase(db, id, now)) recovered++;
  return recovered;
}
