import type { RateTable } from '../../carriers/rate-table.ts';
import type { Db } from '../../db/index.ts';
import { rateTableRows } from './rate-tables-repo.ts';

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
  const rows = await rateTableRows(db, serviceId, 'zone');
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
