import { ACCOUNT_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';
import { openWallets } from '../funds/index.ts';

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
}

/** A team member's account (kind `member`, issue 30): it signs in only into the team it belongs to. */
export const MEMBER_KIND = 'member';

export async function isMemberAccount(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('kind').where('id', '=', id).executeTakeFirst();
  return row?.kind === MEMBER_KIND;
}

/** Those of the ids that name an account. */
export async function existingUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function findUserByInvitationCode(db: Db, code: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: Date.now() })
    .where('id', '=', userId)
    .execute();
}

/** Makes the account active again with this password hash (the first administrator restored at start). */
export async function activateWithPassword(db: Db, userId: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: ACCOUNT_STATUS.active, password_hash: passwordHash, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Writes a user's own profile fields; `avatar` only when given (a URL, or '' to remove it). */
export async function setProfile(
  db: Db,
  userId: number,
  profile: {
    firstName: string;
    lastName: string;
    nickName: string;
    company: string;
    phone: string;
    wechat: string;
    avatar?: string | undefined;
  },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: profile.firstName,
      last_name: profile.lastName,
      name: `${profile.firstName} ${profile.lastName}`,
      nick_name: profile.nickName,
      company: profile.company,
      phone: profile.phone,
      wechat: profile.wechat,
      ...(profile.avatar !== undefined ? { avatar: profile.avatar } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * The user with what the auth hook needs to decide access: its role codes and their resource codes, in
 * one query (it runs on every signed-in call).
 */
export async function loadAuthUser(db: Db, userId: number) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .leftJoin('role_resources', 'role_resources.role_id', 'roles.id')
    .leftJoin('resources', 'resources.id', 'role_resources.resource_id')
    .select([
      'users.id',
      'users.username',
      'users.kind',
      'users.status',
      'roles.code as role',
      'resources.code as resource',
    ])
    .where('users.id', '=', userId)
    .orderBy('roles.id')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const roles = [...new Set(rows.map((row) => row.role).filter((role): role is string => role !== null))];
  const codes = [...new Set(rows.map((row) => row.resource).filter((code): code is string => code !== null))].sort();
  return { id: first.id, username: first.username, kind: first.kind, status: first.status, codes, roles };
}

/** Inserts a user with its USD and CNY wallets and its roles, in the caller's transaction. */
export async function insertUser(db: Db, user: NewUser, roleCodes: readonly string[]): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, username: user.username.trim().toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openWallets(db, id);
  await setUserRoles(db, id, roleCodes);
  return id;
}

/** Replaces the user's roles; unknown codes are ignored by the caller's validation before this. */
export async function setUserRoles(db: Db, userId: number, roleCodes: readonly string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleCodes.length === 0) return;
  const roles = await db.selectFrom('roles').select('id').where('code', 'in', roleCodes).execute();
  if (roles.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: userId, role_id: role.id })))
    .execute();
}

/** Gives the user a role, keeping the roles it has. */
export async function grantRole(db: Db, userId: number, roleCode: string): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('code', '=', roleCode).executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

/** What a registration form holds about the person behind a new account. */
export interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  nickName: string;
  company: string;
  phone: string;
  wechat: string;
}

/**
 * The row of a new account (for insertUser): the sign-in name is the address, the name is joined from its
 * parts, and the account id is stamped from the time (C… a customer, S… an employee).
 */
export function newAccountRow(
  person: NewPerson,
  account: Pick<NewUser, 'kind' | 'status' | 'password_hash'> &
    Partial<Pick<NewUser, 'owner_id' | 'member_type' | 'certification'>>,
  now: number,
): NewUser {
  return {
    username: person.email,
    email: person.email,
    name: `${person.firstName} ${person.lastName}`,
    nick_name: person.nickName,
    first_name: person.firstName,
    last_name: person.lastName,
    company: person.company,
    phone: person.phone,
    wechat: person.wechat,
    ...account,
    account_id: `${account.kind === 'staff' ? 'S' : 'C'}${String(now).slice(-8)}`,
    created_at: now,
    updated_at: now,
  };
}
