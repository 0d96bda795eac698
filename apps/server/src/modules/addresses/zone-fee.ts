import { FUND_TYPE, formatCents, ZONE_QUERY_FEE_CENTS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { zoneBetween } from '../../geo/zones.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields } from '../../http/errors.ts';
import { applyMovement } from '../funds/ledger.ts';

/** The zone between two ZIPs, its fee taken from the caller's wallet (docs/api.md, /app/zone/query). */
export async function queryZone(ctx: AppContext, auth: Auth, originZip: string, destinationZip: string) {
  const zone = await zoneBetween(ctx.db, originZip, destinationZip);
  if (!zone) throw invalidFields({ destinationZip: 'zipNotFound' });
  const charged = await ctx.db.transaction().execute((trx) =>
    applyMovement(trx, {
      userId: auth.userId,
      currency: 'USD',
      type: FUND_TYPE.zoneFee,
      amount: -ZONE_QUERY_FEE_CENTS,
      reference: { type: 'zone', id: auth.userId, no: `${originZip}-${destinationZip}` },
      actorId: auth.actorId ?? auth.userId,
    }).catch((error: unknown) => {
      throw error instanceof AppError && error.key === 'insufficientFunds' ? new AppError(422, 'zoneFeeShort') : error;
    }),
  );
  return { ...zone, fee: formatCents(ZONE_QUERY_FEE_CENTS), balanceAfter: formatCents(charged.balanceAfter) };
}
