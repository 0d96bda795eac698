/**
 * The carriers' acceptance forms (table carrier_manifests, 0029), the parcels each was made for, and the
 * parcels sent for a form whose outcome is not known yet (parcels.carrier_form_asked_at, 0050).
 */
import type { Db } from '../../db/index.ts';

/**
 * How long after it was sent an ask may still be under way (the client's attempts, timeouts and waits)
 * rather than lost: a carrier is asked about a lost one only after this.
 */
export const ASK_SETTLES_AFTER_MS = 5 * 60_000;

/** The forms' files, by id. */
export async function manifestFiles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('carrier_manifests').select(['id', 'file_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.file_name]));
}

/** Keeps a form the carrier made and marks its parcels as on it (no longer asked), in one transaction. */
export async function recordManifest(
  db: Db,
  form: { channelId: number; userId: number; upstreamId: string; fileName: string; parcelIds: readonly number[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('carrier_manifests')
      .values({
        channel_id: form.channelId,
        user_id: form.userId,
        upstream_id: form.upstreamId,
        file_name: form.fileName,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('parcels')
      .set({ carrier_manifest_id: id, carrier_form_asked_at: null })
      .where('id', 'in', form.parcelIds)
      .execute();
    return id;
  });
}

/** Thrown inside `markAsked`'s transaction to undo it. */
class Taken extends Error {}

/**
 * Marks the parcels as sent for a form at `askedAt`, before the carrier is asked: all of them, or none when
 * one is on a form or asked for already (another request is asking for it now). Answers whether it did.
 */
export async function markAsked(db: Db, parcelIds: readonly number[], askedAt: number): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('parcels')
        .set({ carrier_form_asked_at: askedAt })
        .where('id', 'in', parcelIds)
        .where('carrier_manifest_id', 'is', null)
        .where('carrier_form_asked_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== parcelIds.length) throw new Taken();
    });
    return true;
  } catch (error) {
    if (error instanceof Taken) return false;
    throw error;
  }
}

/** Lets the parcels be sent for a form again: the carrier refused it, or says it made none. */
export async function releaseAsked(db: Db, parcelIds: readonly number[]): Promise<void> {
  await db.updateTable('parcels').set({ carrier_form_asked_at: null }).where('id', 'in', parcelIds).execute();
}
