import { type CarrierCode, ENABLED_STATUS } from '@parcelport/shared';
import type { Selectable } from 'kysely';
import type { ChannelConfig, ServiceConfig } from '../../carriers/contract/channel.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { ChannelsTable } from '../../db/schema.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

export interface AllottedService {
  channel: ChannelConfig;
  service: ServiceConfig;
}

const parse = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

/** The enabled services of the enabled channels allotted to a user, in menu order. */
export async function allottedServices(db: Db, userId: number, serviceIds?: number[]): Promise<AllottedService[]> {
  const rows = await db
    .selectFrom('user_channels')
    .innerJoin('channels', 'channels.id', 'user_channels.channel_id')
    .innerJoin('carrier_services', 'carrier_services.channel_id', 'channels.id')
    .select([
      'channels.id as channel_id',
      'channels.name as channel_name',
      'channels.platform_code',
      'channels.carrier_code as channel_carrier',
      'channels.settings as channel_settings',
      'carrier_services.id as service_id',
      'carrier_services.code',
      'carrier_services.name',
      'carrier_services.carrier_code',
      'carrier_services.settings',
      'carrier_services.updated_at',
    ])
    .where('user_channels.user_id', '=', userId)
    .where('channels.status', '=', ENABLED_STATUS.enabled)
    .where('carrier_services.status', '=', ENABLED_STATUS.enabled)
    .$if(serviceIds !== undefined, (qb) =>
      qb.where('carrier_services.id', 'in', serviceIds?.length ? serviceIds : [-1]),
    )
    .orderBy('channels.sort')
    .orderBy('channels.id')
    .orderBy('carrier_services.sort')
    .orderBy('carrier_services.id')
    .execute();
  return rows.map((row) => ({
    channel: {
      id: row.channel_id,
      name: row.channel_name,
      platformCode: row.platform_code,
      carrierCode: row.channel_carrier as CarrierCode,
      settings: parse(row.channel_settings),
    },
    service: {
      id: row.service_id,
      channelId: row.channel_id,
      code: row.code,
      name: row.name,
      carrierCode: row.carrier_code as CarrierCode,
      settings: parse(row.settings),
      version: row.updated_at,
    },
  }));
}

/** A channel as an adapter call takes it, whatever its status (a void of a label bought on it). */
export async function channelConfig(db: Db, id: number): Promise<ChannelConfig | undefined> {
  const row = await db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  return row && configOfRow(row);
}

function configOfRow(row: Selectable<ChannelsTable>): ChannelConfig {
  return {
    id: row.id,
    name: row.name,
    platformCode: row.platform_code,
    carrierCode: row.carrier_code as CarrierCode,
    settings: parse(row.settings),
  };
}

/** The channels allotted to a user with every service under each (null for a channel without one), in menu order. */
export function allottedChannelsDetail(db: Db, userId: number) {
  return db
    .selectFrom('user_channels')
    .innerJoin('channels', 'channels.id', 'user_channels.channel_id')
    .leftJoin('carrier_services', 'carrier_services.channel_id', 'channels.id')
    .select([
      'channels.id as channel_id',
      'channels.name as channel_name',
      'channels.platform_code',
      'channels.carrier_code',
      'channels.status as channel_status',
      'carrier_services.id as service_id',
      'carrier_services.code as service_code',
      'carrier_services.name as service_name',
      'carrier_services.status as service_status',
    ])
    .where('user_channels.user_id', '=', userId)
    .orderBy('channels.sort')
    .orderBy('channels.id')
    .orderBy('carrier_services.sort')
    .orderBy('carrier_services.id')
    .execute();
}

/** Every channel, enabled or not, in menu order. */
export async function allChannelConfigs(db: Db): Promise<ChannelConfig[]> {
  return (await channelRows(db)).map(configOfRow);
}

/** The enabled channels whose settings ask their carrier to verify addresses (`validateAddresses`), in menu order. */
export async function addressCheckingChannels(db: Db): Promise<ChannelConfig[]> {
  const rows = await db
    .selectFrom('channels')
    .selectAll()
    .where('status', '=', ENABLED_STATUS.enabled)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(configOfRow).filter((channel) => channel.settings.validateAddresses === true);
}

/** Allots the channels marked for every new customer. */
export async function allotDefaultChannels(db: Db, userId: number): Promise<void> {
  const channels = await db.selectFrom('channels').select('id').where('auto_allot', '=', 1).execute();
  if (channels.length === 0) return;
  await db
    .insertInto('user_channels')
    .values(channels.map((channel) => ({ user_id: userId, channel_id: channel.id })))
    .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doNothing())
    .execute();
}

export async function setUserChannels(db: Db, userId: number, channelIds: number[]): Promise<void> {
  await db.deleteFrom('user_channels').where('user_id', '=', userId).execute();
  if (channelIds.length === 0) return;
  await db
    .insertInto('user_channels')
    .values([...new Set(channelIds)].map((channelId) => ({ user_id: userId, channel_id: channelId })))
    .execute();
}

/** Whether any order was placed on the channel (a channel with orders is kept): a read of the orders' table. */
export async function channelHasOrders(db: Db, channelId: number): Promise<boolean> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('channel_id', '=', channelId)
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

/** The channels (all, or those of one status) in menu order. */
export function channelRows(db: Db, status?: number) {
  return db
    .selectFrom('channels')
    .selectAll()
    .$if(status !== undefined, (qb) => qb.where('status', '=', status as number))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every carrier service in menu order. */
export function serviceRows(db: Db) {
  return db.selectFrom('carrier_services').selectAll().orderBy('sort').orderBy('id').execute();
}

/** How many accounts have each channel allotted. */
export function allotmentCounts(db: Db) {
  return db
    .selectFrom('user_channels')
    .select((eb) => ['channel_id', eb.fn.countAll<number>().as('users')])
    .groupBy('channel_id')
    .execute();
}

/** The channels allotted to an account. */
export function allottedChannelRows(db: Db, userId: number) {
  return db.selectFrom('user_channels').select('channel_id').where('user_id', '=', userId).execute();
}

/** Which of the channels `ids` exist. */
export function existingChannels(db: Db, ids: number[]) {
  return db.selectFrom('channels').select('id').where('id', 'in', ids).execute();
}

/** Every allotment of the accounts within the scope, one row per account and channel, by account. */
export function allotmentsInScope(db: Db, scope: Scope) {
  return db
    .selectFrom('user_channels')
    .innerJoin('users', 'users.id', 'user_channels.user_id')
    .select(['users.id', 'users.username', 'user_channels.channel_id'])
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .orderBy('users.id')
    .execute();
}
