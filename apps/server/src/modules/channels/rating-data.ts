import type { ServiceConfig } from '../../carriers/contract/channel.ts';
import type { RatingData } from '../../carriers/contract/rates.ts';
import type { Shipment } from '../../carriers/contract/shipment.ts';
import type { Db } from '../../db/index.ts';
import { zoneBetween } from '../../geo/zones.ts';
import { type Memo, memoize } from '../../lib/memo.ts';
import { loadRateTable } from './rate-tables.ts';

/**
 * The platform's own rating data for a shipment (docs/design.md §6): the zone between its ZIPs and each
 * service's rate table, read here and handed to the adapter that prices from them. Within a batch chunk,
 * `memo` shares the zone between orders going the same way.
 */
export async function ratingDataFor(
  db: Db,
  services: readonly ServiceConfig[],
  shipment: Shipment,
  memo?: Memo,
): Promise<RatingData> {
  const from = shipment.from.zipCode;
  const to = shipment.to.zipCode;
  const [zone, tables] = await Promise.all([
    memoize(memo, `zone:${from}:${to}`, () => zoneBetween(db, from, to)),
    Promise.all(
      services.map(async (service) => [service.id, await loadRateTable(db, service.id, service.version)] as const),
    ),
  ]);
  return { zone, rateTables: new Map(tables) };
}
