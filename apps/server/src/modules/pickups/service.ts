/**
 * Carrier pickups (issue 30, docs/carriers.md "Pickups"): a merchant books the carrier's visit for the labels a
 * channel issued them on a day. The carrier is asked first (its confirmation number and fee); the booking and
 * its fee (a ledger row of its own, `pickupFee`) are then written in one transaction. Should the wallet not
 * pay the fee, the booking is cancelled at the carrier again. A cancel asks the carrier, then marks the pickup
 * cancelled and refunds its fee in one transaction, once however often it is asked.
 */
import { FUND_TYPE, formatCents, type MassUnit, toOunces } from '@parcelport/shared';
import type { bookPickupBody, PickupLocationCode, PickupView } from '@parcelport/shared/contracts/pickups/index';
import type { z } from 'zod';
import { adapterFor } from '../../carriers/registry.ts';
import type { Address, CarrierAdapter, ChannelConfig, Pickups } from '../../carriers/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, channelConfig } from '../channels/index.ts';
import { applyMovement, LEDGER_REMARK } from '../funds/index.ts';
import { type OrderRow, type ParcelRow, parseAddress, selectedOrders } from '../orders/index.ts';
import {
  claimCancel,
  insertPickup,
  markCancelled,
  type PickupRow,
  pickupOf,
  pickupsOf,
  releaseCancel,
} from './repo.ts';

const DAY_MS = 86_400_000;
/** How far back an order of a day's labels may have been drafted (the list filters on when it was made). */
const DRAFTED_WITHIN_MS = 90 * DAY_MS;

type PickupAdapter = CarrierAdapter & { pickups: Pickups };
const takesPickups = (adapter: CarrierAdapter | undefined): adapter is PickupAdapter => Boolean(adapter?.pickups);

const today = () => new Date().toISOString().slice(0, 10);
const pounds = (ounces: number) => Math.round((ounces / 16) * 100) / 100;

interface DayLabels {
  orders: { order: OrderRow; parcels: ParcelRow[] }[];
  packageCount: number;
  weightOz: number;
}

/** The account's real labels (not test ones: no carrier collects those) bought on `day`, by channel. */
async function labelsOfDay(ctx: AppContext, accountId: number, day: string, channelId?: number) {
  const dayStart = Date.parse(day);
  const byChannel = new Map<number, DayLabels>();
  const selection = { channelId, from: dayStart - DRAFTED_WITHIN_MS, to: dayStart + DAY_MS };
  for await (const page of selectedOrders(ctx.db, { userId: accountId }, selection, true)) {
    for (const { order, parcels } of page) {
      const at = Number(order.label_created_at ?? 0);
      if (order.channel_id === null || order.is_test === 1 || at < dayStart || at >= dayStart + DAY_MS) continue;
      const labelled = parcels.filter((parcel) => parcel.tracking_no);
      const entry = byChannel.get(order.channel_id) ?? { orders: [], packageCount: 0, weightOz: 0 };
      entry.orders.push({ order, parcels: labelled });
      entry.packageCount += labelled.length;
      for (const parcel of labelled) entry.weightOz += toOunces(parcel.weight, parcel.mass_unit as MassUnit);
      byChannel.set(order.channel_id, entry);
    }
  }
  return byChannel;
}

/** The day's labels by channel, as the booking form shows them. */
export async function pickupLabels(ctx: AppContext, accountId: number, day = today()) {
  const views = [];
  for (const [channelId, labels] of await labelsOfDay(ctx, accountId, day)) {
    const channel = await channelConfig(ctx.db, channelId);
    if (!channel) continue;
    const adapter = adapterFor(channel.platformCode);
    const fee = takesPickups(adapter) ? adapter.pickups.feeBefore(channel) : null;
    views.push({
      channelId,
      channelName: channel.name,
      packageCount: labels.packageCount,
      weightLb: pounds(labels.weightOz),
      canPickUp: takesPickups(adapter),
      fee: fee === null ? null : formatCents(fee),
    });
  }
  return views.sort((a, b) => a.channelName.localeCompare(b.channelName));
}

export function pickupViewOf(row: PickupRow): PickupView {
  return {
    id: Number(row.id),
    channelId: Number(row.channel_id),
    channelName: row.channel_name ?? '',
    pickupDate: row.pickup_date,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    location: row.location as PickupLocationCode,
    instructions: row.instructions,
    packageCount: row.package_count,
    weightLb: pounds(row.weight_oz),
    // A pickup being cancelled is still scheduled at the carrier until it says otherwise.
    status: (row.status === 'cancelling' ? 'scheduled' : row.status) as PickupView['status'],
    confirmationNo: row.confirmation_no,
    fee: formatCents(Number(row.fee)),
    createdAt: isoTime(Number(row.created_at)) as string,
    cancelledAt: isoTime(row.cancelled_at === null ? null : Number(row.cancelled_at)),
  };
}

export async function listPickups(ctx: AppContext, accountId: number) {
  return (await pickupsOf(ctx.db, accountId)).map(pickupViewOf);
}

/** The carrier's words on a pickup it refused, or a call that failed. */
const failed = (channel: ChannelConfig, error: UpstreamError) =>
  new AppError(502, 'pickupFailed', {}, { channel: channel.name, message: error.message });

async function pickupChannel(ctx: AppContext, channelId: number) {
  const channel = await channelConfig(ctx.db, channelId);
  const adapter = channel && adapterFor(channel.platformCode);
  if (!channel || !takesPickups(adapter)) throw invalidFields({ channelId: 'pickupNotOffered' });
  return { channel, adapter };
}

export async function bookPickup(
  ctx: AppContext,
  auth: { userId: number; actorId: number | null },
  body: z.output<typeof bookPickupBody>,
): Promise<PickupView> {
  const accountId = auth.userId;
  const labels = (await labelsOfDay(ctx, accountId, body.labelDate ?? today(), body.channelId)).get(body.channelId);
  if (!labels || labels.packageCount === 0) throw invalidFields({ channelId: 'pickupNoLabels' });
  const { channel, adapter } = await pickupChannel(ctx, body.channelId);
  const first = labels.orders[0] as DayLabels['orders'][number];
  const deps = adapterDeps(ctx, adapter, channel);
  const reference = `pickup ${body.pickupDate}`;
  let booked: Awaited<ReturnType<Pickups['book']>>;
  try {
    booked = await adapter.pickups.book(
      {
        channel,
        labels: labels.orders.map(({ order, parcels }) => ({
          trackingNumbers: parcels.map((parcel) => parcel.tracking_no as string),
          upstreamId: order.upstream_id,
        })),
        address: parseAddress(first.order.from_address) as Address,
        date: body.pickupDate,
        window: { start: body.windowStart, end: body.windowEnd },
        location: body.location,
        instructions: body.instructions,
        packageCount: labels.packageCount,
        weightOz: Math.ceil(labels.weightOz),
        reference,
      },
      deps,
    );
  } catch (error) {
    if (error instanceof UpstreamError) throw failed(channel, error);
    throw error;
  }
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const made = await insertPickup(trx, {
        user_id: accountId,
        channel_id: channel.id,
        pickup_date: body.pickupDate,
        window_start: body.windowStart,
        window_end: body.windowEnd,
        location: body.location,
        instructions: body.instructions,
        package_count: labels.packageCount,
        weight_oz: Math.ceil(labels.weightOz),
        status: 'scheduled',
        confirmation_no: booked.confirmation,
        upstream_id: booked.upstreamId,
        fee: booked.feeCents,
        created_by: auth.actorId ?? auth.userId,
        created_at: Date.now(),
      });
      if (booked.feeCents > 0) {
        await applyMovement(trx, {
          userId: accountId,
          currency: 'USD',
          type: FUND_TYPE.placeOrder,
          amount: -booked.feeCents,
          reference: { type: 'pickup', id: made, no: booked.confirmation },
          actorId: auth.actorId,
          remark: LEDGER_REMARK.pickupFee,
        });
      }
      return made;
    });
    return pickupViewOf((await pickupOf(ctx.db, accountId, id)) as PickupRow);
  } catch (error) {
    // Not paid (a wallet short of the fee): the carrier is told not to come.
    await adapter.pickups
      .cancel({ channel, upstreamId: booked.upstreamId, confirmation: booked.confirmation, reference }, deps)
      .catch((failure: unknown) =>
        ctx.log.warn({ err: failure, channel: channel.id }, 'an unpaid pickup stays booked'),
      );
    throw error;
  }
}

export async function cancelPickup(
  ctx: AppContext,
  auth: { userId: number; actorId: number | null },
  id: number,
): Promise<PickupView> {
  const row = await pickupOf(ctx.db, auth.userId, id);
  if (!row) throw notFound('pickupNotFound');
  if (row.status !== 'scheduled') throw new AppError(409, 'pickupNotScheduled');
  const { channel, adapter } = await pickupChannel(ctx, Number(row.channel_id)).catch(() => {
    throw new AppError(409, 'pickupNotOffered');
  });
  // One cancellation at a time: a call racing this one is told so before it asks the carrier.
  if (!(await claimCancel(ctx.db, id))) throw new AppError(409, 'pickupNotScheduled');
  const reference = `pickup ${row.pickup_date}`;
  try {
    await adapter.pickups.cancel(
      { channel, upstreamId: row.upstream_id ?? '', confirmation: row.confirmation_no ?? '', reference },
      adapterDeps(ctx, adapter, channel),
    );
  } catch (error) {
    await releaseCancel(ctx.db, id);
    if (!(error instanceof UpstreamError)) throw error;
    throw failed(channel, error);
  }
  await ctx.db.transaction().execute(async (trx) => {
    // Cancelled by this call alone: the fee comes back once, whoever else cancels it at the same time.
    if (!(await markCancelled(trx, id, Date.now())) || Number(row.fee) === 0) return;
    await applyMovement(trx, {
      userId: auth.userId,
      currency: 'USD',
      type: FUND_TYPE.refund,
      amount: Number(row.fee),
      reference: { type: 'pickup', id, no: row.confirmation_no ?? undefined },
      actorId: auth.actorId,
      remark: LEDGER_REMARK.pickupRefunded,
    });
  });
  return pickupViewOf((await pickupOf(ctx.db, auth.userId, id)) as PickupRow);
}
