import type { Kysely } from 'kysely';

/**
 * A purchase cut off at a carrier that cannot be asked afterwards whether it bought (USPS: no lookup by
 * reference) waits in 17 for staff to settle it: `unconfirmed_since` says since when (null otherwise), so
 * staff are told once and the recovery sweep no longer takes the order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('unconfirmed_since', 'bigint').execute();
}
