import type { Generated } from 'kysely';

export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: number;
}

/** Files kept in the database by the `database` file storage (migration 0021). */
export interface FileBlobsTable {
  name: string;
  bytes: Uint8Array;
  size: number;
  created_at: number;
}

/** The tables modules/attachments writes, by name (test/table-owners.test.ts). */
export interface AttachmentsTables {
  file_blobs: FileBlobsTable;
  attachments: AttachmentsTable;
}
