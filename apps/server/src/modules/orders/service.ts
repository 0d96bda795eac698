import { FUND_TYPE, formatCents, type Locale, ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { ExpressionBuilder } from 'kysely';
import { adapterFor } from '../../carriers/registry.ts';
import type { ChannelConfig } from '../../carriers/types.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { nextSequence } from '../../db/sequences.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields, notFound } from '../../http/errors.ts';
import type { Scope } from '../../http/scope.ts';
import { translate } from '../../i18n/messages.ts';
import { holdClaim } from '../../jobs/claim.ts';
import type { Memo } from '../../lib/memo.ts';
import { addressFormatFields } from '../addresses/format.ts';
import { applyMovement, type Movement } from '../funds/ledger.ts';
import { notifyUser } from '../messages/service.ts';
import { loadPricing } from '../pricing/service.ts';
import { isLiveRejection } from './live-label.ts';
import { type PurchaseWrites, purchaseWrites } from './purchase-writes.ts';
import { type QuoteLine, quoteShipment, servicesOf } from './quote.ts';
import {
  addEvent,
  findOrder,
  findOrderInScope,
  insertDraft,
  type OrderRow,
  parcelsOf,
  parseAddress,
  transition,
  updateDraft,
} from './repo.ts';
import type { OrderInput } from './schemas.ts';
import { shipmentOfOrder } from './shipment.ts';

const S = ORDER_STATUS;
const actorOf = (auth: Auth) => auth.actorId ?? auth.userId;
const stateError = () => new AppError(422, 'orderStateInvalid');

/** Order numbers: PP + yymmdd + a 7-digit platform-wide sequence. */
async function newOrderNo(db: Db): Promise<string> {
  const serial = await nextSequence(db, 'order_no');
  const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
  return `PP${day}${String(serial).padStart(7, '0')}`;
}

/** Saves a new draft, or rewrites the user's draft (or failed order) when orderId is given. */
export async function saveDraft(
  ctx: AppContext,
  auth: Auth,
  input: OrderInput,
): Promise<{ orderId: number; orderNo: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    if (input.orderId) {
      const existing = await findOrder(trx, input.orderId, auth.userId);
      if (!existing) throw notFound('orderNotFound');
      if (!(await updateDraft(trx, existing.id, auth.userId, input))) throw stateError();
      return { orderId: existing.id, orderNo: existing.order_no };
    }
    const orderNo = await newOrderNo(trx);
    const orderId = await insertDraft(trx, auth.userId, orderNo, input);
    await addEvent(trx, orderId, S.draft, 'draft', actorOf(auth));
    return { orderId, orderNo };
  });
}

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

async function ownOrder(ctx: AppContext, auth: Auth, orderId: number): Promise<OrderRow> {
  const order = await findOrder(ctx.db, orderId, auth.userId);
  if (!order) throw notFound('orderNotFound');
  return order;
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
 * Buys the label (SPEC §4: draft or failed → 17 placing → 1 with tracking numbers, or 5 with the reason).
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
    purchased = await adapter.purchase({ db: ctx.db, memo: prepared.memo }, channel, service, shipment);
    const completed = await writes.complete({
      orderId: order.id,
      trackingNo: purchased.trackingNumber,
      parcels: parcels.map((parcel, index) => {
        const bought = purchased.parcels[index];
        return {
          id: parcel.id,
          trackingNo: bought?.trackingNumber ?? null,
          barcode: bought ? JSON.stringify(bought.barcode) : null,
        };
      }),
      actorId: actor,
    });
    // Our claim lapsed before the carrier answered, and a sweep has already refunded the order.
    if (!completed) throw new Error(LAPSED);
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
    const order = await trx
      .updateTable('orders')
      .set({
        status: S.failed,
        fail_reason: reason.slice(0, 500),
        placing_until: null,
        updated_at: Date.now(),
        version: (eb) => eb('version', '+', 1),
      })
      .where('id', '=', orderId)
      .where('status', '=', S.placing)
      .$if(lapsedAt !== undefined, (qb) => qb.where(placingLapsed(lapsedAt as number)))
      .returningAll()
      .executeTakeFirst();
    if (!order) return false;
    await refundOrder(trx, order, actorId);
    await addEvent(trx, orderId, S.failed, 'failed', actorId, reason.slice(0, 500));
    return true;
  });
}

/** The reason an order fails with when its purchase stopped without an answer from the carrier. */
const LAPSED = 'interrupted';

/** An order in 17 whose purchase's claim lapsed by `now` (no claim at all: placed before claims existed). */
const placingLapsed = (now: number) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('placing_until', 'is', null), eb('placing_until', '<', now)]);

/** The purchase buying an order is still at work: its claim on the order lasts another `claimMs`. */
async function renewPlacing(db: Db, orderId: number, claimMs: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ placing_until: Date.now() + claimMs, version: (eb) => eb('version', '+', 1) })
    .where('id', '=', orderId)
    .where('status', '=', S.placing)
    .execute();
}

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
  const lapsed = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', S.placing)
    .where(placingLapsed(now))
    .orderBy('id')
    .limit(500)
    .execute();
  let recovered = 0;
  for (const { id } of lapsed) if (await recoverLapsedPurchase(db, id, now)) recovered++;
  return recovered;
}

/** Gives back what an order was charged (price + insurance) and its earnest; used by void and failure. */
async function refundOrder(db: Db, order: OrderRow, actorId: number | null): Promise<number> {
  const reference = { type: 'order', id: order.id, no: order.order_no };
  const charged = (order.rate ?? 0) + order.insurance_fee;
  if (charged > 0) {
    await applyMovement(db, {
      userId: order.user_id,
      currency: 'USD',
      type: FUND_TYPE.refund,
      amount: charged,
      reference,
      actorId,
    });
  }
  await releaseEarnestOf(db, order, actorId);
  await db
    .updateTable('orders')
    .set({ refunded_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', order.id)
    .execute();
  return charged;
}

async function releaseEarnestOf(db: Db, order: OrderRow, actorId: number | null): Promise<void> {
  if (order.earnest <= 0 || order.earnest_released_at !== null) return;
  const released = await db
    .updateTable('orders')
    .set({ earnest_released_at: Date.now(), version: (eb) => eb('version', '+', 1) })
    .where('id', '=', order.id)
    .where('earnest_released_at', 'is', null)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return;
  await applyMovement(db, {
    userId: order.user_id,
    currency: 'USD',
    type: FUND_TYPE.marginRelease,
    amount: order.earnest,
    earnest: -order.earnest,
    reference: { type: 'order', id: order.id, no: order.order_no },
    actorId,
  });
}

export interface BulkResult {
  id: number;
  ok: boolean;
  message?: string;
}

/** Runs an action per order and reports each outcome, so one bad order does not stop a selection. */
async function eachOrder(ids: number[], action: (id: number) => Promise<void>, locale: Locale): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await action(id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: translate(error.key, locale, error.params) });
    }
  }
  return results;
}

/** Cancel/void: a draft or failed order is cancelled (4); a bought label (1) asks staff to void it (6). */
export function requestCancel(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      await ctx.db.transaction().execute(async (trx) => {
        // An order without a label is simply cancelled (4); a bought label needs staff to void it (6).
        if (await transition(trx, order.id, [S.draft, S.failed], S.cancelled)) {
          await addEvent(trx, order.id, S.cancelled, 'cancelled', actorOf(auth));
          return;
        }
        if (!(await transition(trx, order.id, [S.pendingTransport], S.cancelling))) throw stateError();
        await addEvent(trx, order.id, S.cancelling, 'cancelRequested', actorOf(auth));
      });
    },
    locale,
  );
}

/** Cancel-restore: withdraws a pending cancellation (6 → 1). */
export function restoreCancel(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await transition(trx, order.id, [S.cancelling], S.pendingTransport))) throw stateError();
        await addEvent(trx, order.id, S.pendingTransport, 'restored', actorOf(auth));
      });
    },
    locale,
  );
}

/** A staff decision on an order: approve, or reject with a reason the customer is shown. */
export type StaffDecision = { id: number; approve: true } | { id: number; approve: false; reason: string };

/** An order within the staff member's scope; 404 when there is none, so others' orders are not even named. */
async function scopedOrder(db: Db, scope: Scope, id: number): Promise<OrderRow> {
  const order = await findOrderInScope(db, id, scope);
  if (!order) throw notFound('orderNotFound');
  return order;
}

/** Staff decide a cancellation: void with refund (15) or reject it (16) with the reason shown to the customer. */
export async function auditCancel(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  decision: StaffDecision,
  locale: Locale,
): Promise<void> {
  const order = await scopedOrder(ctx.db, scope, decision.id);
  const actor = actorOf(auth);
  await ctx.db.transaction().execute(async (trx) => {
    if (!decision.approve) {
      if (!(await transition(trx, order.id, [S.cancelling], S.rejected, { audit_info: decision.reason })))
        throw stateError();
      await addEvent(trx, order.id, S.rejected, 'cancelRejected', actor, decision.reason);
      await notifyUser(trx, order.user_id, {
        type: 'notice',
        title: translate('msgCancelRejectedTitle', locale),
        content: translate('msgCancelRejectedBody', locale, { orderNo: order.order_no, reason: decision.reason }),
      });
      return;
    }
    if (!(await transition(trx, order.id, [S.cancelling], S.voided))) throw stateError();
    const refunded = await refundOrder(trx, order, actor);
    await addEvent(trx, order.id, S.voided, 'voided', actor);
    await notifyUser(trx, order.user_id, {
      type: 'notice',
      title: translate('msgOrderVoidedTitle', locale),
      content: translate('msgOrderVoidedBody', locale, { orderNo: order.order_no, amount: formatCents(refunded) }),
    });
  });
  if (decision.approve && order.channel_id) {
    const channel = await ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', order.channel_id)
      .executeTakeFirst();
    const adapter = channel && adapterFor(channel.platform_code);
    if (adapter && channel && order.tracking_no) {
      await adapter.void(
        { db: ctx.db },
        {
          id: channel.id,
          name: channel.name,
          platformCode: channel.platform_code,
          carrierCode: channel.carrier_code as ChannelConfig['carrierCode'],
          settings: JSON.parse(channel.settings),
        },
        [order.tracking_no],
      );
    }
  }
}

/** Back to draft: a failed, cancelled or voided order becomes an editable draft again. */
export function backToDraft(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      await ctx.db.transaction().execute(async (trx) => {
        const reset = {
          tracking_no: null,
          rate: null,
          cost: null,
          insurance_fee: 0,
          earnest: 0,
          zone: null,
          billable_oz: null,
          estimate: null,
          label_created_at: null,
          earnest_released_at: null,
          refunded_at: null,
          audit_info: '',
          fail_reason: '',
        };
        if (!(await transition(trx, order.id, [S.failed, S.cancelled, S.voided], S.draft, reset))) throw stateError();
        await trx
          .updateTable('parcels')
          .set({ tracking_no: null, barcode: null, tracking_status: TRACKING_STATUS.notFound })
          .where('order_id', '=', order.id)
          .execute();
        await addEvent(trx, order.id, S.draft, 'backToDraft', actorOf(auth));
      });
    },
    locale,
  );
}

/** Copy to draft: a new draft with the same parties, parcels and options, under a new order number. */
export async function copyOrder(ctx: AppContext, auth: Auth, id: number, scope: Scope) {
  const order = await findOrderInScope(ctx.db, id, scope);
  if (!order) throw notFound('orderNotFound');
  const parcels = await parcelsOf(ctx.db, order.id);
  return ctx.db.transaction().execute(async (trx) => {
    const orderNo = await newOrderNo(trx);
    const now = Date.now();
    const { id: newId } = await trx
      .insertInto('orders')
      .values({
        order_no: orderNo,
        user_id: order.user_id,
        batch_no: order.batch_no,
        from_address: order.from_address,
        to_address: order.to_address,
        from_name: order.from_name,
        from_zip: order.from_zip,
        to_name: order.to_name,
        to_zip: order.to_zip,
        reference1: order.reference1,
        reference2: order.reference2,
        remark: order.remark,
        battery_type: order.battery_type,
        insurance_cents: order.insurance_cents,
        residential: order.residential,
        label_size: order.label_size,
        extra: order.extra,
        is_test: order.is_test,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('parcels')
      .values(
        parcels.map(({ id: _id, order_id: _order, tracking_no: _t, barcode: _b, tracking_status: _s, ...rest }) => ({
          ...rest,
          order_id: newId,
        })),
      )
      .execute();
    await addEvent(trx, newId, S.draft, 'draft', actorOf(auth), order.order_no);
    return { orderId: newId, orderNo };
  });
}

/**
 * The carrier's bill settles an order (DESIGN §5): the price is worked out again at the real cost with the
 * same markup; more is a bill deduction (plus the 5 USD penalty for a wrong size or weight), less is a
 * refund; the earnest is released either way.
 */
export async function settleBill(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  bill: { id: number; cost: number; billedOz?: number | undefined; wrongDimensions: boolean },
): Promise<{ difference: number; penalty: number }> {
  const order = await scopedOrder(ctx.db, scope, bill.id);
  const bought = [S.pendingTransport, S.inTransit, S.delivered].includes(order.status as never);
  if (!(bought || isLiveRejection(order)) || order.billed_at !== null) throw stateError();
  const price = await loadPricing(ctx.db, order.user_id);
  const newPrice = price(order.channel_id ?? 0, order.service_id ?? 0, bill.cost).priceCents;
  const difference = newPrice - (order.rate ?? 0);
  const penalty = difference > 0 && bill.wrongDimensions ? 500 : 0;
  const actor = actorOf(auth);
  const reference = { type: 'order', id: order.id, no: order.order_no };
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('orders')
      .set({
        billed_cost: bill.cost,
        billed_oz: bill.billedOz ?? null,
        billed_at: Date.now(),
        updated_at: Date.now(),
        version: (eb) => eb('version', '+', 1),
      })
      .where('id', '=', order.id)
      .where('billed_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw stateError();
    if (difference > 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.billDeduction,
        amount: -difference,
        reference,
        actorId: actor,
        owed: true,
      });
    } else if (difference < 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.refund,
        amount: -difference,
        reference,
        actorId: actor,
      });
    }
    if (penalty > 0) {
      await applyMovement(trx, {
        userId: order.user_id,
        currency: 'USD',
        type: FUND_TYPE.penalty,
        amount: -penalty,
        reference,
        actorId: actor,
        owed: true,
        remark: 'wrong size or weight',
      });
    }
    await releaseEarnestOf(trx, order, actor);
    await addEvent(trx, order.id, order.status, 'billed', actor, formatCents(bill.cost));
  });
  return { difference, penalty };
}

/** Releases the earnest of the given orders (staff), once each. */
export function releaseEarnest(ctx: AppContext, auth: Auth, scope: Scope, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await scopedOrder(ctx.db, scope, id);
      if (order.earnest <= 0 || order.earnest_released_at !== null || order.status === S.placing) throw stateError();
      await ctx.db.transaction().execute(async (trx) => {
        await releaseEarnestOf(trx, order, actorOf(auth));
        await addEvent(trx, order.id, order.status, 'earnestReleased', actorOf(auth));
      });
    },
    locale,
  );
}

/** Order review: staff approve a bought label, or reject it with a reason (refunded, 16, auditInfo). */
export async function reviewOrder(ctx: AppContext, auth: Auth, scope: Scope, decision: StaffDecision): Promise<void> {
  const order = await scopedOrder(ctx.db, scope, decision.id);
  const actor = actorOf(auth);
  await ctx.db.transaction().execute(async (trx) => {
    if (decision.approve) {
      const approved = await trx
        .updateTable('orders')
        .set({ reviewed_at: Date.now(), version: (eb) => eb('version', '+', 1) })
        .where('id', '=', order.id)
        .where('status', '=', S.pendingTransport)
        .where('reviewed_at', 'is', null)
        .executeTakeFirst();
      if (Number(approved.numUpdatedRows) === 0) throw stateError();
      await addEvent(trx, order.id, order.status, 'reviewApproved', actor);
      return;
    }
    const rejected = await transition(trx, order.id, [S.pendingTransport], S.rejected, {
      audit_info: decision.reason,
      reviewed_at: Date.now(),
    });
    if (!rejected) throw stateError();
    await refundOrder(trx, order, actor);
    await addEvent(trx, order.id, S.rejected, 'reviewRejected', actor, decision.reason);
  });
}
