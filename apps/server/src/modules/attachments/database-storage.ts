import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../core/ports.ts';
import type { Db } from '../../db/index.ts';
import { deleteFileBlob, fileBlobBytes, insertFileBlob } from './blobs-repo.ts';

/**
 * Files kept in the database itself (`file_blobs`): every app instance on the same PostgreSQL reads them,
 * so a deployment scaled out needs nothing shared but the database (docs/design.md §6).
 */
export function databaseStorage(db: Db): FileStorage {
  return {
    async put(bytes, ext) {
      const name = `${randomUUID()}.${ext}`;
      await insertFileBlob(db, name, bytes);
      return name;
    },
    async get(name) {
      const row = await fileBlobBytes(db, name);
      if (!row) throw Object.assign(new Error(`no stored file ${name}`), { code: 'ENOENT' });
      // SQLite hands back a Uint8Array, PostgreSQL a Buffer: the callers get a Buffer either way.
      return Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    },
    async remove(name) {
      await deleteFileBlob(db, name);
    },
  };
}
