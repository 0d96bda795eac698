/** The demo channels' seed SQL (`channels`, `carrier_services`; their rate tables through rate-tables-repo.ts). */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CarrierServicesTable, ChannelsTable } from '../../db/schema.ts';

/** Whether any channel exists (the demo is seeded on a fresh install only). */
export async function anyChannel(db: Db): Promise<boolean> {
  const any = await db.selectFrom('channels').select('id').limit(1).executeTakeFirst();
  return any !== undefined;
}

/** Writes a demo channel; answers its id. */
export async function insertDemoChannel(db: Db, channel: Insertable<ChannelsTable>): Promise<number> {
  const { id } = await db.insertInto('channels').values(channel).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Writes a demo channel's service; answers its id. */
export async function insertDemoService(db: Db, service: Insertable<CarrierServicesTable>): Promise<number> {
  const { id } = await db.insertInto('carrier_services').values(service).returning('id').executeTakeFirstOrThrow();
  return id;
}
