import type { Kysely } from 'kysely';

/**
 * A return label's QR code, where its carrier offers one (issue 28: a USPS return bought through EasyPost,
 * USPS Label Broker): the PNG kept in the file storage under `qr_file`, shown on the public return page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('returns').addColumn('qr_file', 'text').execute();
}
