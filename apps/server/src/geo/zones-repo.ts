/** The zone charts as the zone lookup reads them (`zone_charts`, imported and kept by modules/channels). */
import type { Db } from '../db/index.ts';

/** The charted zone between two ZIP3 prefixes, or undefined when the chart has not the pair. */
export function chartedZone(db: Db, originZip3: string, destZip3: string) {
  return db
    .selectFrom('zone_charts')
    .select('zone')
    .where('origin_zip3', '=', originZip3)
    .where('dest_zip3', '=', destZip3)
    .executeTakeFirst();
}
