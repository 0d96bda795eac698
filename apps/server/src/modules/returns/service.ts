/**
 * Return labels (issue 28; docs/api.md "Returns"): a return is an order of its own kind ('return'), drafted
 * from a bought order (parties swapped, parcels copied) or on its own, rated and bought as any order, paid
 * on use where its carrier bills returns at the first scan (first-scan.ts), else charged when bought.
 */
import { DAY_MS, formatCents, LABEL_PAID_STATUSES, type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { AddressInput } from '@parcelport/shared/contracts/addresses/schemas';
import { draftInput } from '@parcelport/shared/contracts/orders/schemas';
import type { z } from 'zod';
import type { ReturnSupport } from '../../carriers/contract/labels.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { defaultSenderOf } from '../address-book/index.ts';
import {
  actorOf,
  addEvent,
  insertDraft,
  markOrderReturn,
  newOrderNo,
  type OrderRow,
  ownOrder,
  type ParcelRow,
  parcelsOf,
  parseAddress,
  scopedOrder,
  testModeOf,
} from '../orders/index.ts';
import { buyLabel, estimateOrder, servicesOf } from '../purchase/index.ts';
import { linkPath, newLink } from './link.ts';
import { insertReturn, type ReturnRow, returnOf, returnsOfOutbound, setPayment } from './repo.ts';
import { channelPlatforms } from './return-orders-repo.ts';

type CreateBody = {
  outboundId?: number | undefined;
  from?: AddressInput | undefined;
  to?: AddressInput | undefined;
  parcels?: z.output<typeof draftInput>['parcels'] | undefined;
};

/** A bought order's label, still paid for: only such an order gets a return. */
const bought = (order: OrderRow) =>
  (LABEL_PAID_STATUSES as readonly number[]).includes(order.status) && order.refunded_at === null;

/** The outbound parcels as the return's: size, weight and package, no declared value or label. */
const parcelsFrom = (parcels: readonly ParcelRow[]) =>
  parcels.map((parcel) => ({
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    weight: parcel.weight,
    massUnit: parcel.mass_unit,
    distanceUnit: parcel.distance_unit,
    packageCode: parcel.package_code,
    packageNum: parcel.package_num,
    packageAmount: parcel.package_amount,
  }));

/** Drafts a return; answers the return order's id and number. */
export async function createReturn(ctx: AppContext, auth: Auth, body: CreateBody) {
  let outbound: OrderRow | undefined;
  let from = body.from;
  let to = body.to;
  // In the draft's input form, checked with its rules below (declared values back to money strings).
  let parcels: unknown[] | undefined = body.parcels?.map((parcel) => ({
    ...parcel,
    insuredValue: formatCents(parcel.insuredValue),
  }));
  if (body.outboundId !== undefined) {
    outbound = await ownOrder(ctx, auth, body.outboundId);
    if (outbound.kind === 'return') throw new AppError(422, 'returnOfReturn');
    if (!bought(outbound)) throw new AppError(422, 'returnOutboundNotBought');
    // Sender and recipient swapped: the recipient sends it back to the merchant.
    from ??= parseAddress(outbound.to_address);
    to ??= parseAddress(outbound.from_address);
    parcels ??= parcelsFrom(await parcelsOf(ctx.db, outbound.id));
  } else {
    to ??= await defaultSenderOf(ctx.db, auth.userId);
    const missing: Record<string, 'fieldRequired' | 'returnToRequired'> = {};
    if (!from) missing.from = 'fieldRequired';
    if (!to) missing.to = 'returnToRequired';
    if (!parcels) missing.parcels = 'fieldRequired';
    if (Object.keys(missing).length > 0) throw invalidFields(missing);
  }
  // The draft's own rules (defaults, formats) over what was gathered, naming a failing field.
  const parsed = draftInput.safeParse({
    from,
    to,
    parcels,
    residential: to?.isResidential ?? false,
    isTest: testModeOf(auth, outbound?.is_test === 1),
    reference1: outbound?.order_no ?? '',
  });
  if (!parsed.success) {
    const fields: Record<string, never> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message as never;
    throw invalidFields(fields);
  }
  const link = newLink(ctx.sealer);
  return ctx.db.transaction().execute(async (trx) => {
    const orderNo = await newOrderNo(trx);
    const orderId = await insertDraft(trx, auth.userId, orderNo, parsed.data);
    await markOrderReturn(trx, orderId);
    await insertReturn(trx, {
      order_id: orderId,
      user_id: auth.userId,
      outbound_id: outbound?.id ?? null,
      link_hash: link.hash,
      link_sealed: link.sealed,
    });
    await addEvent(trx, orderId, ORDER_STATUS.draft, 'returnCreated', actorOf(auth), outbound?.order_no ?? '');
    return { orderId, orderNo };
  });
}

/** The merchant's own return order (404 for any other order, or one that is not a return). */
async function ownReturn(ctx: AppContext, auth: Auth, id: number) {
  const order = await ownOrder(ctx, auth, id);
  const row = order.kind === 'return' ? await returnOf(ctx.db, id) : undefined;
  if (!row) throw notFound('returnNotFound');
  return { order, row };
}

/** How the carrier of each of these channels makes returns (none: an ordinary label, charged when bought). */
async function returnSupportOf(ctx: AppContext, channelIds: number[]): Promise<Map<number, ReturnSupport | null>> {
  if (channelIds.length === 0) return new Map();
  const rows = await channelPlatforms(ctx.db, channelIds);
  return new Map(rows.map((row) => [row.id, adapterFor(row.platform_code)?.returns ?? null]));
}

/** The return's rates, each with how its carrier bills a return and for how long a pay-on-use one holds. */
export async function returnRates(ctx: AppContext, auth: Auth, id: number, locale: Locale) {
  await ownReturn(ctx, auth, id);
  const lines = await estimateOrder(ctx, auth, id, locale);
  const support = await returnSupportOf(ctx, [...new Set(lines.map((line) => line.channelId))]);
  return lines.map((line) => {
    const returns = support.get(line.channelId) ?? null;
    return { line, payOnUse: returns?.payOnUse === true, validityDays: returns?.validityDays ?? null };
  });
}

/**
 * Buys the return: paid on use (nothing charged now; charged once at the first scan; lapses unused after the
 * carrier's validity) where its carrier bills returns so and the merchant chose it, else charged now.
 */
export async function buyReturn(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: { serviceId: number; payOnUse: boolean },
  locale: Locale,
) {
  await ownReturn(ctx, auth, id);
  const allotted = (await servicesOf(ctx, auth.userId)).find((entry) => entry.service.id === body.serviceId);
  if (!allotted) throw new AppError(422, 'serviceNotAllotted');
  const support = adapterFor(allotted.channel.platformCode)?.returns;
  if (body.payOnUse && !support?.payOnUse) throw new AppError(422, 'returnPayOnUseUnavailable');
  const validUntil = body.payOnUse && support?.validityDays ? Date.now() + support.validityDays * DAY_MS : null;
  const payment = { payOnUse: body.payOnUse, validUntil };
  await setPayment(ctx.db, id, payment, true);
  await buyLabel(ctx, auth, id, body.serviceId, locale, { payOnUse: body.payOnUse });
  // This call bought it: its choice stands, whatever a concurrent call that lost the purchase wrote.
  await setPayment(ctx.db, id, payment, false);
  const { order, row } = await ownReturn(ctx, auth, id);
  return returnViewOf(ctx, order, row);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One return as the merchant and staff see it. */
export function returnViewOf(
  ctx: AppContext,
  order: Pick<OrderRow, 'id' | 'order_no' | 'status' | 'tracking_no' | 'rate' | 'insurance_fee'>,
  row: ReturnRow,
) {
  return {
    id: order.id,
    orderNo: order.order_no,
    status: order.status,
    trackingNo: order.tracking_no,
    outboundId: row.outbound_id,
    payOnUse: row.pay_on_use === 1,
    validUntil: iso(row.valid_until),
    usedAt: iso(row.used_at),
    lapsedAt: iso(row.lapsed_at),
    charged: formatCents((order.rate ?? 0) + order.insurance_fee),
    link: linkPath(ctx.sealer.open(row.link_sealed)),
  };
}

/** An order's returns both ways: the return it is, or the returns made from it. */
export async function orderReturnsOf(ctx: AppContext, scope: Scope, id: number) {
  const order = await scopedOrder(ctx.db, scope, id);
  if (order.kind === 'return') {
    const row = await returnOf(ctx.db, id);
    return { kind: 'return' as const, return: row ? returnViewOf(ctx, order, row) : null, returns: [] };
  }
  const rows = await returnsOfOutbound(ctx.db, id);
  const returns = rows.map((row) =>
    returnViewOf(
      ctx,
      {
        id: row.order_id,
        order_no: row.order_no,
        status: row.status,
        tracking_no: row.tracking_no,
        rate: row.rate,
        insurance_fee: row.insurance_fee,
      },
      row,
    ),
  );
  return { kind: 'label' as const, return: null, returns };
}
