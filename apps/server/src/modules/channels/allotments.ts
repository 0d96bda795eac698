import { ENABLED_STATUS } from '@parcelport/shared';
import type { EmployeeAllotment } from '@parcelport/shared/contracts/channels/allot-channels';
import type { UserChannelDetail } from '@parcelport/shared/contracts/channels/user-channels-detail';
import { invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { accountInScope } from '../../scope/accounts.ts';
import { accountOfFamily } from '../../scope/accounts-repo.ts';
import { channelsWithServices } from './catalogue.ts';
import {
  allotmentsInScope,
  allottedChannelRows,
  allottedChannelsDetail,
  existingChannels,
  setUserChannels,
} from './repo.ts';
import { myServices } from './service.ts';

/** Replaces the channels an account may ship with, if the account is within the staff member's scope. */
export async function allotChannels(db: Db, scope: Scope, userId: number, channelIds: number[]): Promise<void> {
  await accountInScope(db, scope, userId);
  await replaceAllotment(db, userId, channelIds);
}

/**
 * The staff family's allotment (POST /staff/channel/allot-channel): an employee's own channels, set by
 * employee management; the account must be an employee (not deleted) within the caller's scope.
 */
export async function allotEmployeeChannels(db: Db, scope: Scope, userId: number, channelIds: number[]) {
  if (!(await accountOfFamily(db, scope, 'staff', userId))) throw notFound('userNotFound');
  await replaceAllotment(db, userId, channelIds);
}

/**
 * An employee's channels for employee management (GET /staff/channel/user-channel), with every channel to
 * choose from; the same reach as the write: an employee (not deleted) within the caller's scope, else 404.
 */
export async function employeeAllotment(db: Db, scope: Scope, userId: number): Promise<EmployeeAllotment> {
  if (!(await accountOfFamily(db, scope, 'staff', userId))) throw notFound('userNotFound');
  const [channels, rows] = await Promise.all([channelsWithServices(db), allottedChannelRows(db, userId)]);
  return {
    channels: channels.map((channel) => ({
      id: channel.id,
      name: channel.name,
      carrierCode: channel.carrierCode,
      status: channel.status,
      isDemo: channel.isDemo,
      services: channel.services.map((service) => ({ id: service.id, name: service.name })),
    })),
    channelIds: rows.map((row) => Number(row.channel_id)),
  };
}

async function replaceAllotment(db: Db, userId: number, channelIds: number[]): Promise<void> {
  const wanted = [...new Set(channelIds)];
  const known = wanted.length ? await existingChannels(db, wanted) : [];
  if (known.length !== wanted.length) throw invalidFields({ channelIds: 'channelNotFound' });
  await db.transaction().execute((trx) => setUserChannels(trx, userId, wanted));
}

/** The channel ids allotted to an account within the scope. */
export async function allottedChannelIds(db: Db, scope: Scope, userId: number): Promise<number[]> {
  await accountInScope(db, scope, userId);
  const rows = await allottedChannelRows(db, userId);
  return rows.map((row) => row.channel_id);
}

/** Every allotment of the accounts within the scope, grouped per account. */
export async function allAllotments(db: Db, scope: Scope) {
  const rows = await allotmentsInScope(db, scope);
  const byUser = new Map<number, { userId: number; username: string; channelIds: number[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.id) ?? { userId: row.id, username: row.username, channelIds: [] };
    entry.channelIds.push(row.channel_id);
    byUser.set(row.id, entry);
  }
  return [...byUser.values()];
}

/** What an account within the scope may ship with (its quotes' services). */
export async function servicesOfAccount(db: Db, scope: Scope, userId: number) {
  await accountInScope(db, scope, userId);
  return myServices(db, userId);
}

/** An account's allotment in full, disabled channels and services included, if within the scope. */
export async function allotmentOfAccount(db: Db, scope: Scope, userId: number): Promise<UserChannelDetail[]> {
  await accountInScope(db, scope, userId);
  const rows = await allottedChannelsDetail(db, userId);
  const channels = new Map<number, UserChannelDetail>();
  for (const row of rows) {
    const channel = channels.get(row.channel_id) ?? {
      channelId: row.channel_id,
      channelName: row.channel_name,
      platformCode: row.platform_code,
      carrierCode: row.carrier_code,
      enabled: row.channel_status === ENABLED_STATUS.enabled,
      services: [],
    };
    if (row.service_id !== null)
      channel.services.push({
        id: row.service_id,
        code: row.service_code ?? '',
        name: row.service_name ?? '',
        enabled: row.service_status === ENABLED_STATUS.enabled,
      });
    channels.set(row.channel_id, channel);
  }
  return [...channels.values()];
}
