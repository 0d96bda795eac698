import { type Kysely, sql } from 'kysely';

/**
 * Pickup bookings whose answer may be lost (issue 25, modules/pickups): a booking is kept as `asking` with
 * when it was sent (`asked_at`) before the carrier is asked, with the day of the labels it named (`label_date`), so an answer lost in between leaves it known to
 * be asked rather than forgotten. It is settled by asking the carrier (EasyPost, ShipEngine) or, where the
 * carrier cannot be asked (USPS), by staff, who are kept with when (`settled_by`, `settled_at`). One account's
 * channel has at most one booking of a day asked at a time, so a booking is never sent twice at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pickups').addColumn('asked_at', 'bigint').execute();
  await db.schema.alterTable('pickups').addColumn('label_date', 'text').execute();
  await db.schema.alterTable('pickups').addColumn('settled_by', 'bigint').execute();
  await db.schema.alterTable('pickups').addColumn('settled_at', 'bigint').execute();
  await db.schema
    .createIndex('pickups_one_ask')
    .on('pickups')
    .columns(['user_id', 'channel_id', 'pickup_date'])
    .unique()
    .where(sql.ref('status'), '=', 'asking')
    .execute();
}
