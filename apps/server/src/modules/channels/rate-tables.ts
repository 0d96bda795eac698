import type { RateTable } from '../../carriers/rate-table.ts';
import type { Db } from '../../db/index.ts';

/**
 * The rate tables of carrier services (`rate_tables`, owned by the channels module). They change only on
 * import, which bumps the service's updated_at: the cache key includes it, so every app instance sees a new
 * import on its next quote.
 */
const cache = new Map<string, RateTable>();

/** A service's rate table at `version` (its updated_at), read once per version. */
export async function loadRateTable(db: Db, serviceId: number, version: number): Promise<RateTable> {
  const key = `${serviceId}:${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rows = await db
    .selectFrom('rate_tables')
    .select(['zone', 'max_oz', 'price_cents'])
    .where('service_id', '=', serviceId)
    .orderBy('zone')
    .orderBy('max_oz')
    .execute();
  const table: RateTable = new Map();
  for (const row of rows) {
    const brackets = table.get(row.zone) ?? [];
    brackets.push({ maxOz: row.max_oz, priceCents: row.price_cents });
    table.set(row.zone, brackets);
  }
  for (const stale of [...cache.keys()].filter((k) => k.startsWith(`${serviceId}:`))) cache.delete(stale);
  cache.set(key, table);
  return table;
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
