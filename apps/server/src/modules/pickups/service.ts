/**
 * Carrier pickups (issue 30, docs/carriers.md "Pickups"): a merchant books the carrier's visit for the labels a
 * channel issued them on a day. The booking is kept as asked before the carrier is (issue 25: a lost answer
 * leaves it known, settled by asking the carrier or by staff, never booked twice); the carrier's booking and
 * its fee (a ledger row of its own, `pickupFee`) are then written in one transaction. Should the wallet not
 * pay the fee, the booking is cancelled at the carrier again. A cancel asks the carrier, then marks the pickup
 * cancelled and refunds its fee in one transaction, once however often it is asked.
 */
import { FUND_TYPE, formatCents, type MassUnit, toOunces } from '@parcelport/shared';
import type { bookPickupBody, PickupLocationCode, PickupView } from '@parcelport/shared/contracts/pickups/index';
import type { z } from 'zod';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { AdapterDeps, ChannelConfig } from '../../carriers/contract/channel.ts';
import type { PickupRequest, PickupResult, Pickups } from '../../carriers/contract/pickups.ts';
import type { Address } from '../../carriers/contract/shipment.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth as CallerAuth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, channelConfig } from '../channels/index.ts';
import { applyMovement, LEDGER_REMARK } from '../funds/index.ts';
import { notifyHoldersOf } from '../messages/index.ts';
import { type OrderRow, type ParcelRow, parseAddress, selectedOrders } from '../orders/index.ts';
import {
  askedPickup,
  claimCancel,
  deletePickup,
  insertAsked,
  markCancelled,
  type PickupRow,
  pickupOf,
  pickupsOf,
  releaseCancel,
  settleAsked,
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

/** Who books or cancels: the account, the member or staff acting for it, and the mode of its API key (if any). */
type Caller = Pick<CallerAuth, 'userId' | 'keyMode'>;
type Auth = Caller & Pick<CallerAuth, 'actorId'>;

/**
 * Whether the caller works with a test API key: no carrier collects a test label, and a pickup is live money (its
 * fee a ledger row), so a test key has no labels to pick up and no bookings, as it has no wallet (docs/api.md
 * "Test and live keys"); the account's live bookings are another mode's, not found to it.
 */
const testKeyOf = (caller: Pick<CallerAuth, 'keyMode'>) => caller.keyMode === 'test';

/** The day's labels by channel, as the booking form shows them. */
export async function pickupLabels(ctx: AppContext, caller: Caller, day = today()) {
  if (testKeyOf(caller)) return [];
  const views = [];
  for (const [channelId, labels] of await labelsOfDay(ctx, caller.userId, day)) {
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

/** A pickup being cancelled is still scheduled at the carrier until it says otherwise; an asked one is being confirmed. */
const viewStatus = (status: string): PickupView['status'] =>
  status === 'cancelling' ? 'scheduled' : status === 'asking' ? 'confirming' : (status as PickupView['status']);

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
    status: viewStatus(row.status),
    confirmationNo: row.confirmation_no,
    fee: formatCents(Number(row.fee)),
    createdAt: isoTime(Number(row.created_at)) as string,
    cancelledAt: isoTime(row.cancelled_at === null ? null : Number(row.cancelled_at)),
  };
}

/** The account's pickups; a booking whose answer was lost is first settled by asking the carrier, where it can be. */
export async function listPickups(ctx: AppContext, caller: Caller) {
  if (testKeyOf(caller)) return [];
  const accountId = caller.userId;
  const rows = await pickupsOf(ctx.db, accountId);
  const asked = rows.filter((row) => row.status === 'asking');
  for (const row of asked) await settleByAsking(ctx, row);
  return (asked.length > 0 ? await pickupsOf(ctx.db, accountId) : rows).map(pickupViewOf);
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

/**
 * How long a booking asked may still be under way rather than lost: the carrier is asked whether it booked
 * it only after this (as a SCAN form's ask settles, docs/carriers.md "Retries").
 */
export const PICKUP_ASK_SETTLES_AFTER_MS = 5 * 60_000;

/** What the carrier is asked (and, after a lost answer, asked about) for a booking kept as `row`. */
function requestOf(channel: ChannelConfig, labels: DayLabels, row: PickupRow | AskedRow): PickupRequest {
  const first = labels.orders[0] as DayLabels['orders'][number];
  return {
    channel,
    labels: labels.orders.map(({ order, parcels }) => ({
      trackingNumbers: parcels.map((parcel) => parcel.tracking_no as string),
      upstreamId: order.upstream_id,
    })),
    address: parseAddress(first.order.from_address) as Address,
    date: row.pickup_date,
    window: { start: row.window_start, end: row.window_end },
    location: row.location as PickupLocationCode,
    instructions: row.instructions,
    packageCount: row.package_count,
    weightOz: row.weight_oz,
    // Names the booking itself, so a lost one is told apart from another booking of the same day.
    reference: `pickup ${row.id}`,
  };
}

/** Tells the carrier not to come for a booking it made (one the wallet did not pay). */
const cancelling =
  (adapter: PickupAdapter, channel: ChannelConfig, deps: AdapterDeps, reference: string) => (booked: PickupResult) =>
    adapter.pickups.cancel(
      { channel, upstreamId: booked.upstreamId, confirmation: booked.confirmation, reference },
      deps,
    );

type AskedRow = Pick<
  PickupRow,
  'id' | 'pickup_date' | 'window_start' | 'window_end' | 'location' | 'instructions' | 'package_count' | 'weight_oz'
>;

/**
 * Keeps the carrier's booking of the asked pickup `id` and charges its fee (one ledger row) in one
 * transaction. Should the wallet not pay the fee, the carrier is told not to come and the booking is
 * not kept (the error thrown).
 */
async function keep(
  ctx: AppContext,
  accountId: number,
  actorId: number | null,
  id: number,
  booked: PickupResult,
  cancelAt: (booked: PickupResult) => Promise<void>,
): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const outcome = {
        status: 'scheduled' as const,
        confirmation_no: booked.confirmation,
        upstream_id: booked.upstreamId,
      };
      // Settled meanwhile by another call: that call charged it.
      if (!(await settleAsked(trx, id, { ...outcome, fee: booked.feeCents })) || booked.feeCents === 0) return;
      await applyMovement(trx, {
        userId: accountId,
        currency: 'USD',
        type: FUND_TYPE.placeOrder,
        amount: -booked.feeCents,
        reference: { type: 'pickup', id, no: booked.confirmation },
        actorId,
        remark: LEDGER_REMARK.pickupFee,
      });
    });
  } catch (error) {
    // Not paid (a wallet short of the fee): the carrier is told not to come.
    await cancelAt(booked).catch((failure: unknown) => ctx.log.warn({ err: failure }, 'an unpaid pickup stays booked'));
    await deletePickup(ctx.db, id);
    throw error;
  }
}

/**
 * A booking asked long enough ago whose answer was lost, at a carrier that lists its pickups: the carrier is
 * asked whether it booked it (kept and charged when it did, `notBooked` when not). Left asked when it is too
 * soon, the carrier cannot be asked (USPS: staff settle it) or could not be reached.
 */
async function settleByAsking(ctx: AppContext, row: PickupRow): Promise<void> {
  const askedAt = Number(row.asked_at ?? row.created_at);
  if (row.status !== 'asking' || Date.now() - askedAt < PICKUP_ASK_SETTLES_AFTER_MS) return;
  const { channel, adapter } = await pickupChannel(ctx, Number(row.channel_id)).catch(() => ({
    channel: null,
    adapter: null,
  }));
  if (!channel || !adapter?.pickups.find) return;
  const accountId = Number(row.user_id);
  const labels = (await labelsOfDay(ctx, accountId, row.label_date ?? row.pickup_date, channel.id)).get(channel.id);
  if (!labels || labels.packageCount === 0) return;
  const deps = adapterDeps(ctx, adapter, channel);
  const request = requestOf(channel, labels, row);
  const found = await adapter.pickups.find({ ...request, askedAt }, deps).catch((failure: unknown) => {
    if (failure instanceof UpstreamError) return undefined;
    throw failure;
  });
  if (found === undefined) return;
  if (found === null) {
    await settleAsked(ctx.db, Number(row.id), { status: 'notBooked' });
    return;
  }
  const cancelAt = cancelling(adapter, channel, deps, request.reference);
  await keep(ctx, accountId, null, Number(row.id), found, cancelAt).catch((error: unknown) =>
    ctx.log.warn({ err: error, pickup: row.id }, 'a pickup found at the carrier was not paid'),
  );
}

export async function bookPickup(
  ctx: AppContext,
  auth: Auth,
  body: z.output<typeof bookPickupBody>,
): Promise<PickupView> {
  if (testKeyOf(auth)) throw invalidFields({ channelId: 'pickupNoLabels' });
  const accountId = auth.userId;
  const labelDate = body.labelDate ?? today();
  const labels = (await labelsOfDay(ctx, accountId, labelDate, body.channelId)).get(body.channelId);
  if (!labels || labels.packageCount === 0) throw invalidFields({ channelId: 'pickupNoLabels' });
  const { channel, adapter } = await pickupChannel(ctx, body.channelId);
  const asked = {
    user_id: accountId,
    channel_id: channel.id,
    pickup_date: body.pickupDate,
    window_start: body.windowStart,
    window_end: body.windowEnd,
    location: body.location,
    instructions: body.instructions,
    package_count: labels.packageCount,
    weight_oz: Math.ceil(labels.weightOz),
    label_date: labelDate,
    created_by: auth.actorId ?? auth.userId,
    created_at: Date.now(),
  };
  // Kept as asked before the carrier is: a booking of the day asked already is settled first, never sent twice.
  let id = await insertAsked(ctx.db, asked, asked.created_at);
  if (id === null) {
    const pending = await askedPickup(ctx.db, accountId, channel.id, body.pickupDate);
    if (pending) await settleByAsking(ctx, pending);
    id = await insertAsked(ctx.db, asked, Date.now());
  }
  if (id === null) {
    const since = new Date(
      Number((await askedPickup(ctx.db, accountId, channel.id, body.pickupDate))?.asked_at ?? Date.now()),
    );
    throw new AppError(409, 'pickupPending', {}, { channel: channel.name, since: since.toISOString() });
  }
  const row = { id, ...asked };
  const deps = adapterDeps(ctx, adapter, channel);
  const request = requestOf(channel, labels, row);
  const cancelAt = cancelling(adapter, channel, deps, request.reference);
  let booked: PickupResult | null;
  try {
    booked = await adapter.pickups.book(request, deps);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Refused, or never sent (a paused channel): nothing was booked.
    if (error.kind !== 'transient' || error.details.pausedUntil !== undefined) {
      await deletePickup(ctx.db, id);
      throw failed(channel, error);
    }
    booked = await lost(ctx, { channel, adapter, request, askedAt: asked.created_at }, error);
  }
  if (booked) await keep(ctx, accountId, auth.actorId, id, booked, cancelAt);
  return pickupViewOf((await pickupOf(ctx.db, accountId, id)) as PickupRow);
}

/**
 * A booking whose answer was lost stays asked (the merchant sees it being confirmed): the carrier is asked at
 * once whether it booked it, where it can be; where it cannot (USPS), staff holding `adminChannel` are told to
 * find out and settle it, and it is never asked again by itself.
 */
async function lost(
  ctx: AppContext,
  booking: { channel: ChannelConfig; adapter: PickupAdapter; request: PickupRequest; askedAt: number },
  error: UpstreamError,
): Promise<PickupResult | null> {
  const { channel, adapter, request, askedAt } = booking;
  ctx.log.warn({ err: error, channel: channel.id }, 'a pickup was booked and its answer lost');
  if (!adapter.pickups.find) {
    await notifyHoldersOf(ctx.db, 'adminChannel', {
      title: 'msgPickupUnknownTitle',
      content: 'msgPickupUnknownBody',
      params: { channel: channel.name, since: new Date(askedAt).toISOString(), date: request.date },
    });
    return null;
  }
  // Not found yet is no proof that none was booked (the carrier may still be booking it): asked again later.
  return adapter.pickups.find({ ...request, askedAt }, adapterDeps(ctx, adapter, channel)).catch((failure: unknown) => {
    if (failure instanceof UpstreamError) return null;
    throw failure;
  });
}

export async function cancelPickup(ctx: AppContext, auth: Auth, id: number): Promise<PickupView> {
  const row = testKeyOf(auth) ? undefined : await pickupOf(ctx.db, auth.userId, id);
  if (!row) throw notFound('pickupNotFound');
  if (row.status !== 'scheduled') throw new AppError(409, 'pickupNotScheduled');
  const { channel, adapter } = await pickupChannel(ctx, Number(row.channel_id)).catch(() => {
    throw new AppError(409, 'pickupNotOffered');
  });
  // One cancellation at a time: a call racing this one is told so before it asks the carrier.
  if (!(await claimCancel(ctx.db, id))) throw new AppError(409, 'pickupNotScheduled');
  const reference = `pickup ${id}`;
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
