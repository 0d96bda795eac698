import type { Db } from '../../db/index.ts';
import { invalidFields } from '../../http/errors.ts';
import type { Scope } from '../../http/scope.ts';
import { accountInScope, whereAccountInScope } from '../users/scope.ts';
import { setUserChannels } from './repo.ts';

/** Replaces the channels an account may ship with, if the account is within the staff member's scope. */
export async function allotChannels(db: Db, scope: Scope, userId: number, channelIds: number[]): Promise<void> {
  await accountInScope(db, scope, userId);
  const wanted = [...new Set(channelIds)];
  const known = wanted.length ? await db.selectFrom('channels').select('id').where('id', 'in', wanted).execute() : [];
  if (known.length !== wanted.length) throw invalidFields({ channelIds: 'channelNotFound' });
  await db.transaction().execute((trx) => setUserChannels(trx, userId, wanted));
}

/** The channel ids allotted to an account within the scope. */
export async function allottedChannelIds(db: Db, scope: Scope, userId: number): Promise<number[]> {
  await accountInScope(db, scope, userId);
  const rows = await db.selectFrom('user_channels').select('channel_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.channel_id);
}

/** Every allotment of the accounts within the scope, grouped per account. */
export async function allAllotments(db: Db, scope: Scope) {
  const rows = await db
    .selectFrom('user_channels')
    .innerJoin('users', 'users.id', 'user_channels.user_id')
    .select(['users.id', 'users.username', 'user_channels.channel_id'])
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .orderBy('users.id')
    .execute();
  const byUser = new Map<number, { userId: number; username: string; channelIds: number[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.id) ?? { userId: row.id, username: row.username, channelIds: [] };
    entry.channelIds.push(row.channel_id);
    byUser.set(row.id, entry);
  }
  return [...byUser.values()];
}
