/** The channel and carrier-service rows as staff create, change and remove them. */
import type { channelBody, serviceBody } from '@parcelport/shared/contracts/channels/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';

type ChannelInput = z.output<typeof channelBody>;
type ServiceInput = z.output<typeof serviceBody>;

/** The channel's platform and stored settings, if it exists. */
export async function channelPlatform(db: Db, id: number) {
  return db.selectFrom('channels').select(['id', 'platform_code', 'settings']).where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(db: Db, input: ChannelInput): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('channels')
    .values({
      name: input.name,
      platform_code: input.platformCode,
      carrier_code: input.carrierCode,
      settings: JSON.stringify(input.settings),
      auto_allot: input.autoAllot ? 1 : 0,
      status: input.status,
      sort: input.sort,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes the fields given; answers whether the channel exists. */
export async function updateChannelRow(db: Db, id: number, input: Partial<ChannelInput>): Promise<boolean> {
  const result = await db
    .updateTable('channels')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.platformCode !== undefined ? { platform_code: input.platformCode } : {}),
      ...(input.carrierCode !== undefined ? { carrier_code: input.carrierCode } : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      ...(input.autoAllot !== undefined ? { auto_allot: input.autoAllot ? 1 : 0 } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Answers whether there was such a channel. */
export async function deleteChannelRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The platform of the channel the service belongs to, if the service exists. */
export async function platformOfService(db: Db, id: number) {
  return db
    .selectFrom('carrier_services')
    .innerJoin('channels', 'channels.id', 'carrier_services.channel_id')
    .select('channels.platform_code')
    .where('carrier_services.id', '=', id)
    .executeTakeFirst();
}

/** Whether the channel already has a service with this code. */
export async function serviceCodeTaken(db: Db, channelId: number, code: string): Promise<boolean> {
  const taken = await db
    .selectFrom('carrier_services')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('code', '=', code)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function insertService(db: Db, input: ServiceInput): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('carrier_services')
    .values({
      channel_id: input.channelId,
      code: input.code,
      name: input.name,
      carrier_code: input.carrierCode,
      settings: JSON.stringify(input.settings),
      status: input.status,
      sort: input.sort,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes the fields given; answers whether the service exists. */
export async function updateServiceRow(
  db: Db,
  id: number,
  input: Partial<Omit<ServiceInput, 'channelId' | 'code'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('carrier_services')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.carrierCode !== undefined ? { carrier_code: input.carrierCode } : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
