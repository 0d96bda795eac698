import type { MemberPermission } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

/** A membership's permissions, stored as a JSON array. */
export function permissionsOf(text: string): MemberPermission[] {
  return JSON.parse(text) as MemberPermission[];
}

/** The accepted membership of `memberId` in the merchant's team, if any: what the member's session may do. */
export async function activeMembership(db: Db, merchantId: number, memberId: number) {
  const row = await db
    .selectFrom('team_members')
    .select(['id', 'permissions'])
    .where('user_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('accepted_at', 'is not', null)
    .executeTakeFirst();
  return row && { id: row.id, permissions: permissionsOf(row.permissions) };
}

/** The merchant a member account belongs to (accepted or not). */
export async function membershipOfMember(db: Db, memberId: number) {
  return db.selectFrom('team_members').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

function members(db: Db) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.member_id')
    .select([
      'team_members.id',
      'team_members.user_id',
      'team_members.member_id',
      'team_members.email',
      'team_members.permissions',
      'team_members.invite_expires_at',
      'team_members.invited_at',
      'team_members.accepted_at',
      'users.name',
    ]);
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof memberOf>>>;

export function membersOf(db: Db, merchantId: number) {
  return members(db).where('team_members.user_id', '=', merchantId).orderBy('team_members.id').execute();
}

export function memberOf(db: Db, merchantId: number, id: number) {
  return members(db)
    .where('team_members.user_id', '=', merchantId)
    .where('team_members.id', '=', id)
    .executeTakeFirst();
}

export async function countMembers(db: Db, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertMember(
  db: Db,
  row: { merchantId: number; memberId: number; email: string; permissions: MemberPermission[] },
  invite: { hash: string; expiresAt: number },
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('team_members')
    .values({
      user_id: row.merchantId,
      member_id: row.memberId,
      email: row.email,
      permissions: JSON.stringify(row.permissions),
      invite_hash: invite.hash,
      invite_expires_at: invite.expiresAt,
      invited_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setPermissions(db: Db, id: number, permissions: MemberPermission[]): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ permissions: JSON.stringify(permissions) })
    .where('id', '=', id)
    .execute();
}

export async function setInvitation(db: Db, id: number, hash: string, expiresAt: number, now: number) {
  await db
    .updateTable('team_members')
    .set({ invite_hash: hash, invite_expires_at: expiresAt, invited_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .execute();
}

/** Takes a live invitation by its link's hash, once: answers the membership it belonged to. */
export async function consumeInvitation(db: Db, hash: string, now: number) {
  const row = await db
    .updateTable('team_members')
    .set({ invite_hash: null, invite_expires_at: null, accepted_at: now })
    .where('invite_hash', '=', hash)
    .where('invite_expires_at', '>', now)
    .where('accepted_at', 'is', null)
    .returning(['id', 'user_id', 'member_id', 'email'])
    .executeTakeFirst();
  return row;
}

export async function deleteMember(db: Db, id: number): Promise<void> {
  await db.deleteFrom('team_members').where('id', '=', id).execute();
}

/**
 * The merchant's change history: the user log's rows about the account (its own calls, its members' and
 * acting staff's), within the caller's scope, newest first.
 */
export function changeRows(db: Db, scope: Scope, merchantId: number, size: number, offset: number) {
  return db
    .selectFrom('user_logs')
    .$call((qb) => whereAccountInScope(qb, 'user_logs.subject_id', scope))
    .where('user_logs.subject_id', '=', merchantId)
    .where('user_logs.status_code', '<', 400)
    .leftJoin('users as actor', 'actor.id', 'user_logs.actor_id')
    .select([
      'user_logs.id',
      'user_logs.actor_id',
      'actor.username as actor',
      'actor.kind as actor_kind',
      'user_logs.method',
      'user_logs.path',
      'user_logs.status_code',
      'user_logs.before',
      'user_logs.after',
      'user_logs.created_at',
    ])
    .orderBy('user_logs.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
}

export async function countChanges(db: Db, scope: Scope, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('user_logs')
    .$call((qb) => whereAccountInScope(qb, 'user_logs.subject_id', scope))
    .where('user_logs.subject_id', '=', merchantId)
    .where('user_logs.status_code', '<', 400)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
