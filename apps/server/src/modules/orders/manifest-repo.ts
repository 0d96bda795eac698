/** The carriers' acceptance forms (table carrier_manifests, 0029) and the parcels each was made for. */
import type { Db } from '../../db/index.ts';

/** The forms' files, by id. */
export async function manifestFiles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('carrier_manifests').select(['id', 'file_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.file_name]));
}

/** Keeps a form the carrier made and marks its parcels as on it, in one transaction. */
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
    await trx.updateTable('parcels').set({ carrier_manifest_id: id }).where('id', 'in', form.parcelIds).execute();
    return id;
  });
}
