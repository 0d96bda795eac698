/** The bytes of files kept in the database itself (`file_blobs`), by stored name (database-storage.ts). */
import type { Db } from '../../db/index.ts';

export async function insertFileBlob(db: Db, name: string, bytes: Buffer): Promise<void> {
  await db.insertInto('file_blobs').values({ name, bytes, size: bytes.length, created_at: Date.now() }).execute();
}

/** The stored file's bytes, or undefined for no such file. */
export function fileBlobBytes(db: Db, name: string) {
  return db.selectFrom('file_blobs').select('bytes').where('name', '=', name).executeTakeFirst();
}

export async function deleteFileBlob(db: Db, name: string): Promise<void> {
  await db.deleteFrom('file_blobs').where('name', '=', name).execute();
}
