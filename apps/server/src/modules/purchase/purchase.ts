/** Quoting and buying an order's label (a state machine, see docs/architecture.md). */
import { FUND_TYPE, type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import { adapterFor, channelForLabel } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { nextSequenceIn } from '../../db/sequences.ts';
import { translate } from '../../i18n/messages.ts';
import { holdClaim } from '../../jobs/claim.ts';
import { type Memo, memoize } from '../../lib/memo.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { addressBeforeLabel } from '../addresses/index.ts';
import { adapterDeps } from '../channels/index.ts';
import type { Movement } from '../funds/index.ts';
import {
  actorOf,
  findOrder,
  type OrderRow,
  ownOrder,
  parcelsOf,
  rememberUpstreamId,
  renewPlacing,
  stateError,
} from '../orders/index.ts';
import { type ParcelRows, refuseHeld, refuseIncompleteOrder, refuseNonLatinParties } from './purchase-checks.ts';
import { failPlacing, LAPSED, recordPurchase, voidUnpaid } from './purchase-outcome.ts';
import { type PurchaseWrites, purchaseWrites } from './purchase-writes.ts';
import { type QuoteLine, quoteShipment, servicesOf } from './quote.ts';
import { shipmentOfOrder } from './shipment.ts';

const S = ORDER_STATUS;

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
  /**
   * A return order bought paid on use (modules/returns): nothing is charged now, the quote is kept in the
   * order's `estimate` and charged at the carrier's first scan (returns/first-scan.ts). Only where the
   * channel's carrier bills returns on use.
   */
  payOnUse?: boolean;
}

export async function estimateOrder(
  ctx: AppContext,
  auth: Auth,
  orderId: number,
  locale: Locale,
  prepared: Prepared = {},
) {
  const order = prepared.order ?? (await ownOrder(ctx, auth, orderId));
  const parcels = prepared.parcels ?? (await parcelsOf(ctx.db, order.id));
  refuseIncompleteOrder(order, parcels);
  return quoteShipment(
    ctx,
    auth.userId,
    shipmentOfOrder(order, parcels),
    parcels.map((p) => p.insured_cents),
    locale,
    { memo: prepared.memo, test: order.is_test === 1 },
  );
}

/**
 * The earnest a label freezes: the channel's own when it sets one (above 0), else the run-time setting
 * (/adminSettings/sysConfig, 0 unless changed); a batch reads the setting once per chunk (its memo).
 */
async function earnestOf(ctx: AppContext, channel: ChannelConfig, memo: Memo | undefined): Promise<number> {
  const own = Number(channel.settings.earnestCents ?? 0);
  if (Number.isInteger(own) && own > 0) return own;
  return (await memoize(memo, 'settings', () => ctx.settings.current())).funds.earnestPerLabel;
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
  const given = prepared.order ?? (await ownOrder(ctx, auth, orderId));
  if (given.user_id !== auth.userId) throw notFound('orderNotFound');
  if (given.status !== S.draft && given.status !== S.failed) throw stateError();
  refuseHeld(given);
  const parcels = prepared.parcels ?? (await parcelsOf(ctx.db, given.id));
  refuseIncompleteOrder(given, parcels);
  refuseNonLatinParties(given);
  // The merchant's address correction mode: the order as corrected, or a stop (undeliverable, to confirm).
  const order = await addressBeforeLabel(ctx, given, actorOf(auth), locale, prepared.memo);
  const allotted = (await servicesOf(ctx, auth.userId, prepared.memo)).find((entry) => entry.service.id === serviceId);
  if (!allotted) throw new AppError(422, 'serviceNotAllotted');
  const { service } = allotted;
  const adapter = adapterFor(allotted.channel.platformCode);
  // A test label is bought with the carrier's test credentials and moves no money (docs/carriers.md); a
  // channel without them refuses it before anything is asked of the carrier.
  const isTest = order.is_test === 1;
  const channel = adapter ? channelForLabel(adapter, allotted.channel, isTest) : allotted.channel;
  if (!channel) throw new AppError(422, 'testLabelsUnavailable', null, { channel: allotted.channel.name });
  const shipment = shipmentOfOrder(order, parcels);
  const line =
    prepared.line?.serviceId === serviceId && prepared.memo && order === given
      ? prepared.line
      : (
          await quoteShipment(
            ctx,
            auth.userId,
            shipment,
            parcels.map((p) => p.insured_cents),
            locale,
            { serviceIds: [serviceId], memo: prepared.memo, test: isTest },
          )
        )[0];
  if (!line) throw new AppError(422, 'serviceNotAllotted');
  // A channel paused by its circuit breaker cannot even quote: nothing is charged while it is.
  if (line.pausedUntil !== undefined) throw channelPaused(line.channelName, line.pausedUntil);
  if (!line.available) throw new AppError(422, 'serviceUnavailable', null, { reason: line.reason ?? '' });
  if (prepared.payOnUse && !adapter?.returns?.payOnUse) throw new AppError(422, 'returnPayOnUseUnavailable');
  // Paid on use: free now, like a test label, but charged at the first scan.
  const deferred = prepared.payOnUse === true && order.kind === 'return';
  const free = isTest || deferred;
  const earnest = free ? 0 : await earnestOf(ctx, channel, prepared.memo);
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
  // A proxy's customer: the proxy is credited its commission in the same transaction as the charge.
  const commission = !free && line.proxy && line.proxy.commissionCents > 0 ? line.proxy : undefined;
  const credit: Movement[] = commission
    ? [
        {
          userId: commission.id,
          currency: 'USD',
          type: FUND_TYPE.commission,
          amount: commission.commissionCents,
          reference: { type: 'commission', id: order.id, no: order.order_no },
          actorId: actor,
        },
      ]
    : [];
  // A pay-on-use return's proxy commission is kept unpaid with the return, credited at its first scan.
  if (deferred) {
    const proxy = line.proxy && line.proxy.commissionCents > 0 ? line.proxy : null;
    for (const listener of ctx.hooks.purchase) await listener.payOnUse?.(ctx.db, { orderId: order.id, proxy });
  }
  // What the order keeps of the quote: the customer never sees its proxy's share.
  const { proxy: _proxy, ...estimate } = line;
  await writes.place({
    order,
    columns: {
      channel_id: channel.id,
      service_id: service.id,
      carrier_code: service.carrierCode,
      service_code: service.code,
      service_name: service.name,
      // A test label keeps its quote (`estimate`) to show, but was charged nothing and is refunded nothing.
      rate: free ? 0 : line.priceCents,
      cost: free ? 0 : line.costCents,
      insurance_fee: free ? 0 : line.insuranceCents,
      earnest,
      zone: line.zone,
      billable_oz: line.billableOz.reduce((sum, oz) => sum + oz, 0),
      estimate: JSON.stringify(estimate),
      fail_reason: '',
      // A new purchase: what a failed earlier attempt refunded and released is history.
      refunded_at: null,
      earnest_released_at: null,
      proxy_id: commission?.id ?? null,
      commission: commission?.commissionCents ?? 0,
    },
    movements: free ? [] : [...(earnest > 0 ? [charge, freeze] : [charge]), ...credit],
    actorId: actor,
  });

  let purchased: Awaited<ReturnType<NonNullable<typeof adapter>['purchase']>>;
  const stopRenewing = holdClaim(() => renewPlacing(ctx.db, order.id, writes.claimMs), writes.claimMs);
  let remembered = false;
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
        ...(order.kind === 'return' ? { isReturn: { payOnUse: deferred } } : {}),
        nextNumbers: (name, count) => nextSequenceIn(prepared.memo, ctx.db, name, count),
        remember: async (upstreamId) => {
          await rememberUpstreamId(ctx.db, order.id, upstreamId);
          remembered = true;
        },
      },
      adapterDeps(ctx, adapter, channel),
    );
    if (!(await recordPurchase(ctx, writes, order.id, parcels, purchased, actor))) {
      // Our claim lapsed before the carrier answered, and a sweep has already refunded the order: the
      // label nobody paid for goes back to the carrier.
      await voidUnpaid(ctx, adapter, channel, order.order_no, purchased);
      throw new Error(LAPSED);
    }
  } catch (error) {
    // The breaker opened or the quota ran out between the check above and the call: nothing was sent.
    const paused = error instanceof UpstreamError ? error.details.pausedUntil : undefined;
    // The carrier stopped answering once the purchase was under way: whether it bought is not known, so
    // the order stays in 17 and, once its claim lapses, the recovery asks the carrier (never a blind refund).
    if (
      paused === undefined &&
      remembered &&
      adapter?.findPurchase &&
      error instanceof UpstreamError &&
      error.kind === 'transient'
    ) {
      throw new AppError(504, 'purchaseUnconfirmed', { orderId: order.id, status: S.placing });
    }
    // A carrier's own refusal is worded in the buyer's language; anything else as the error says it.
    const reason =
      error instanceof AppError
        ? translate(error.key, locale, error.params)
        : error instanceof Error
          ? error.message
          : String(error);
    await failPlacing(ctx.db, order.id, reason, actor);
    if (paused !== undefined) throw channelPaused(channel.name, paused);
    throw new AppError(422, 'purchaseFailed', { orderId: order.id, status: S.failed }, { reason });
  } finally {
    stopRenewing();
  }
  return { trackingNo: purchased.trackingNumber, rate: free ? 0 : line.priceCents, serviceName: service.name };
}

/** The answer to a purchase on a paused channel: try again once the pause is over. */
function channelPaused(channelName: string, until: number): AppError {
  const at = new Date(until).toISOString();
  return new AppError(503, 'channelPaused', { pausedUntil: at }, { channel: channelName, until: at });
}
