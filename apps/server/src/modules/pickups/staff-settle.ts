/**
 * Pickup bookings staff settle by hand (issue 25; docs/carriers.md "Pickups"), as SCAN forms are
 * (modules/settlement carrier-form-settle.ts): a booking whose answer was lost at a carrier that cannot be asked
 * whether it booked it (no `find`) stays `confirming`, and its day is not booked again. Staff holding
 * `adminChannel` find out from the carrier and settle it: `recorded` keeps it scheduled under the carrier's
 * confirmation number, its fee (the channel's, when it names one before booking) charged once as a ledger row;
 * `released` marks it not booked, so the day can be booked again. Who settled it and when is kept with it, the
 * merchant is told, and a second settlement is refused.
 */
import { FUND_TYPE, formatCents } from '@parcelport/shared';
import type { PickupSettlement, settlePickupBody, UnknownPickup } from '@parcelport/shared/contracts/pickups/index';
import type { z } from 'zod';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { channelConfig } from '../channels/index.ts';
import { applyMovement, LEDGER_REMARK } from '../funds/index.ts';
import { notifyUser } from '../messages/index.ts';
import { findUserById } from '../users/index.ts';
import { pickupsWithin, settleAsked } from './repo.ts';
import { PICKUP_ASK_SETTLES_AFTER_MS } from './service.ts';

/** Whether the carrier can be asked about a lost booking (then it is settled by asking, not by staff). */
const askable = (platformCode: string | null) => Boolean(platformCode && adapterFor(platformCode)?.pickups?.find);

const askedAtOf = (row: { asked_at: number | string | null; created_at: number | string }) =>
  Number(row.asked_at ?? row.created_at);

/** The bookings waiting for staff: asked long enough ago to be lost, at a carrier that cannot be asked; oldest first. */
export async function listUnknownPickups(db: Db, scope: Scope): Promise<UnknownPickup[]> {
  const rows = await pickupsWithin(db, scope)
    .where('pickups.status', '=', 'asking')
    .where('pickups.asked_at', '<', Date.now() - PICKUP_ASK_SETTLES_AFTER_MS)
    .orderBy('pickups.asked_at')
    .orderBy('pickups.id')
    .execute();
  return rows
    .filter((row) => !askable(row.platform_code))
    .map((row) => ({
      id: Number(row.id),
      channelId: Number(row.channel_id),
      channelName: row.channel_name ?? '',
      username: row.username,
      pickupDate: row.pickup_date,
      packageCount: row.package_count,
      askedAt: isoTime(askedAtOf(row)) as string,
    }));
}

/** Thrown inside the settlement's transaction to undo it: another settlement took the booking first. */
class Settled extends Error {}

const alreadySettled = () => new AppError(409, 'pickupSettled');

/**
 * Settles the booking `id`: refused with 409 when it is settled already, still possibly under way, or its
 * carrier can be asked instead. `onAccount` learns the merchant's account first (the user log names it).
 */
export async function settleUnknownPickup(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  id: number,
  body: z.output<typeof settlePickupBody>,
  onAccount: (accountId: number) => void,
): Promise<PickupSettlement> {
  const row = await pickupsWithin(ctx.db, scope).where('pickups.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('pickupNotFound');
  const accountId = Number(row.user_id);
  onAccount(accountId);
  if (row.status !== 'asking') throw alreadySettled();
  const askedAt = askedAtOf(row);
  const params = { channel: row.channel_name ?? '', since: new Date(askedAt).toISOString(), date: row.pickup_date };
  if (askable(row.platform_code) || Date.now() - askedAt < PICKUP_ASK_SETTLES_AFTER_MS)
    throw new AppError(409, 'pickupPending', {}, params);
  const confirmation = body.outcome === 'recorded' ? body.confirmationNo : null;
  if (confirmation === undefined) throw invalidFields({ confirmationNo: 'fieldRequired' });

  const channel = confirmation ? await channelConfig(ctx.db, Number(row.channel_id)) : null;
  const fee = (channel && adapterFor(channel.platformCode)?.pickups?.feeBefore(channel)) ?? 0;
  const now = Date.now();
  const settledBy = { by: auth.userId, at: now };
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const outcome = confirmation
        ? { status: 'scheduled' as const, confirmation_no: confirmation, upstream_id: confirmation, fee }
        : { status: 'notBooked' as const };
      if (!(await settleAsked(trx, id, outcome, settledBy))) throw new Settled();
      if (fee === 0) return;
      // The carrier booked it whatever the wallet holds: the fee is owed, as a carrier's bill is.
      await applyMovement(trx, {
        userId: accountId,
        currency: 'USD',
        type: FUND_TYPE.placeOrder,
        amount: -fee,
        reference: { type: 'pickup', id, no: confirmation as string },
        actorId: auth.userId,
        remark: LEDGER_REMARK.pickupFee,
        owed: true,
      });
    })
    .catch((error: unknown) => {
      throw error instanceof Settled ? alreadySettled() : error;
    });

  await notifyUser(ctx.db, accountId, {
    type: 'message',
    title: 'msgPickupSettledTitle',
    content: confirmation ? 'msgPickupRecordedBody' : 'msgPickupReleasedBody',
    params: { ...params, confirmationNo: confirmation ?? '', fee: formatCents(fee) },
  });
  const settler = await findUserById(ctx.db, auth.userId);
  return {
    outcome: body.outcome,
    confirmationNo: confirmation,
    fee: formatCents(fee),
    settledBy: settler?.username ?? '',
    settledAt: isoTime(now) as string,
  };
}
