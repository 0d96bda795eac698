import type { AppContext } from '../../context.ts';
import { isoTime } from '../../core/time.ts';
import { newSecret, rotated, secretPrefix, signingSecrets } from './signing.ts';

/**
 * The secret that signs a merchant's tracking subscriptions' webhooks (SPEC §7), one per merchant, made
 * (sealed) at the first delivery. Those webhooks were unsigned before; a receiver that ignores the headers
 * keeps working, one that wants to check them rotates the secret to see it (the rotation answer is the only
 * place it is shown), the old one signing beside it for a day.
 */
export async function trackingSecrets(ctx: AppContext, userId: number): Promise<string[]> {
  let row = await ctx.db
    .selectFrom('tracking_webhook_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    await ctx.db
      .insertInto('tracking_webhook_keys')
      .values({ user_id: userId, secret: ctx.sealer.seal(newSecret()), created_at: Date.now() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    row = await ctx.db
      .selectFrom('tracking_webhook_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  }
  return signingSecrets(row).map((sealed) => ctx.sealer.open(sealed));
}

export async function trackingKeyOf(ctx: AppContext, userId: number) {
  const row = await ctx.db
    .selectFrom('tracking_webhook_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
    const row = await trx
      .selectFrom('tracking_webhook_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row)
      await trx.updateTable('tracking_webhook_keys').set(rotated(row, sealed)).where('user_id', '=', userId).execute();
    else
      await trx
        .insertInto('tracking_webhook_keys')
        .values({ user_id: userId, secret: sealed, created_at: Date.now() })
        .execute();
  });
  return { secret, ...(await trackingKeyOf(ctx, userId)) };
}
