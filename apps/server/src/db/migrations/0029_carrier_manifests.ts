import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * The carriers' acceptance forms (SCAN forms) made for labels bought upstream (modules/orders/carrier-forms.ts):
 * which channel and account, the carrier's id of the form, and its PDF in the file storage; each parcel
 * put on one keeps its id, so a label is never sent for a second form and a manifest asked again gives
 * the same form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrier_manifests')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('upstream_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('parcels').addColumn('carrier_manifest_id', 'bigint').execute();
}
