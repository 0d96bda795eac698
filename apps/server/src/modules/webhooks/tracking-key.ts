import type { AppContext } from '../../context.ts';
import { isoTime } from '../../core/time.ts';
import { newSecret, rotated, secretPrefix, signingSecrets } from './signing.ts';
import {
  insertTrackingKey,
  insertTrackingKeyOnce,
  storedTrackingKey,
  trackingKeyRow,
  updateTrackingKey,
} from './tracking-keys-repo.ts';

/**
 * The secret that signs a merchant's tracking subscriptions' webhooks (SPEC §7), one per merchant, made
 * (sealed) at the first delivery. Those webhooks were unsigned before; a receiver that ignores the headers
 * keeps working, one that wants to check them rotates the secret to see it (the rotation answer is the only
 * place it is shown), the old one signing beside it for a day.
 */
export async function trackingSecrets(ctx: AppContext, userId: number): Promise<string[]> {
  let row = await trackingKeyRow(ctx.db, userId);
  if (!row) {
    await insertTrackingKeyOnce(ctx.db, userId, ctx.sealer.seal(newSecret()));
    row = await storedTrackingKey(ctx.db, userId);
  }
  return signingSecrets(row).map((sealed) => ctx.sealer.open(sealed));
}

export async function trackingKeyOf(ctx: AppContext, userId: number) {
  const row = await trackingKeyRow(ctx.db, userId);
  return {
    secretPrefix: row ? secretPrefix(ctx.sealer.open(row.secret)) : null,
    previousSecretValidUntil:
      row && (row.previous_secret_until ?? 0) > Date.now() ? isoTime(row.previous_secret_until) : null,
  };
}

/** A new secret, answered this once; the one it replaces signs beside it for a day. */
export async function rotateTrackingKey(ctx: AppContext, userId: number) {
  const secret = newSecret();
  const sealed = ctx.sealer.seal(secret);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trackingKeyRow(trx, userId);
    if (row) await updateTrackingKey(trx, userId, rotated(row, sealed));
    else await insertTrackingKey(trx, userId, sealed);
  });
  return { secret, ...(await trackingKeyOf(ctx, userId)) };
}
