import { FUND_TYPE, formatCents } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { type Auth, seesMoney } from '../../core/caller.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import { isPlacedZip, zoneBetween } from '../../geo/zones.ts';
import { applyMovement, walletsOf } from '../funds/index.ts';

/**
 * The zone between two ZIPs, its fee (the run-time setting in use, /adminSettings/sysConfig) taken from the
 * caller's wallet (docs/api.md, /app/zone/query); free for a test API key.
 */
export async function queryZone(ctx: AppContext, auth: Auth, originZip: string, destinationZip: string) {
  const answer = await chargedZone(ctx, auth, originZip, destinationZip);
  // A team member without `money` is told the fee (a price, like a rate) but not the balance (issue 30).
  return seesMoney(auth) ? answer : { ...answer, balanceAfter: '' };
}

async function chargedZone(ctx: AppContext, auth: Auth, originZip: string, destinationZip: string) {
  const zone = await zoneBetween(ctx.db, originZip, destinationZip);
  // Nothing is charged for a pair without a zone; the ZIP at fault is named (either, or both).
  if (!zone)
    throw invalidFields({
      ...(isPlacedZip(originZip) ? {} : { originZip: 'zipNotFound' }),
      ...(isPlacedZip(destinationZip) ? {} : { destinationZip: 'zipNotFound' }),
    });
  // A test API key has no money: its queries are free, and it is told no balance.
  if (auth.keyMode === 'test') return { ...zone, fee: formatCents(0), balanceAfter: formatCents(0) };
  const fee = (await ctx.settings.current()).zoneQuery.fee;
  if (fee === 0) return { ...zone, fee: formatCents(0), balanceAfter: await usdBalance(ctx, auth.userId) };
  const charged = await ctx.db.transaction().execute((trx) =>
    applyMovement(trx, {
      userId: auth.userId,
      currency: 'USD',
      type: FUND_TYPE.zoneFee,
      amount: -fee,
      reference: { type: 'zone', id: auth.userId, no: `${originZip}-${destinationZip}` },
      actorId: auth.actorId ?? auth.userId,
    }).catch((error: unknown) => {
      throw error instanceof AppError && error.key === 'insufficientFunds'
        ? new AppError(422, 'zoneFeeShort', null, { fee: formatCents(fee) })
        : error;
    }),
  );
  return { ...zone, fee: formatCents(fee), balanceAfter: formatCents(charged.balanceAfter) };
}

/** The caller's USD balance, for a query that costs nothing. */
async function usdBalance(ctx: AppContext, userId: number): Promise<string> {
  const usd = (await walletsOf(ctx.db, userId)).find((wallet) => wallet.currency === 'USD');
  return formatCents(usd?.balance ?? 0);
}
