import type { Db } from '../../db/index.ts';

/** Uploaded files' records (`attachments`); the bytes are the file storage's (storage.ts). */

export async function insertAttachment(
  db: Db,
  file: { userId: number; storedName: string; originalName: string; mime: string; size: number },
): Promise<{ id: number }> {
  return db
    .insertInto('attachments')
    .values({
      user_id: file.userId,
      stored_name: file.storedName,
      original_name: file.originalName,
      mime: file.mime,
      size: file.size,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findAttachment(db: Db, id: number) {
  return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}
