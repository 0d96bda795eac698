import type { Kysely } from 'kysely';

/**
 * Labels bought from an upstream carrier: the carrier's id of the shipment (to find, void and track it
 * again) on the order, and each parcel's label document as the carrier issued it, kept in the file
 * storage (its name and format) and served by the downloads instead of a label drawn here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('upstream_id', 'text').execute();
  await db.schema.alterTable('parcels').addColumn('label_file', 'text').execute();
  await db.schema.alterTable('parcels').addColumn('label_format', 'text').execute();
}
