/** The rate tables' and zone charts' SQL (tables rate_tables and zone_charts, owned by the channels module). */
import type { Db } from '../../db/index.ts';

/**
 * A service's rate table rows, by zone then weight bracket (as the quotes read it), or by weight bracket then
 * zone (as staff read it).
 */
export function rateTableRows(db: Db, serviceId: number, by: 'zone' | 'weight') {
  const [first, then] = by === 'zone' ? (['zone', 'max_oz'] as const) : (['max_oz', 'zone'] as const);
  return db
    .selectFrom('rate_tables')
    .select(['zone', 'max_oz', 'price_cents'])
    .where('service_id', '=', serviceId)
    .orderBy(first)
    .orderBy(then)
    .execute();
}

/** Replaces a service's whole rate table in the caller's transaction. */
export async function replaceRateTable(
  db: Db,
  serviceId: number,
  rows: { zone: number; maxOz: number; priceCents: number }[],
): Promise<void> {
  await db.deleteFrom('rate_tables').where('service_id', '=', serviceId).execute();
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('rate_tables')
      .values(
        rows.slice(start, start + 500).map((row) => ({
          service_id: serviceId,
          zone: row.zone,
          max_oz: row.maxOz,
          price_cents: row.priceCents,
        })),
      )
      .execute();
  }
  await db.updateTable('carrier_services').set({ updated_at: Date.now() }).where('id', '=', serviceId).execute();
}

/** Writes the zone of each origin/destination ZIP3 pair listed, replacing what those pairs had. */
export async function upsertZoneChart(db: Db, rows: { origin: string; dest: string; zone: number }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('zone_charts')
      .values(
        rows.slice(start, start + 500).map((row) => ({ origin_zip3: row.origin, dest_zip3: row.dest, zone: row.zone })),
      )
      .onConflict((oc) =>
        oc.columns(['origin_zip3', 'dest_zip3']).doUpdateSet((eb) => ({ zone: eb.ref('excluded.zone') })),
      )
      .execute();
  }
}
