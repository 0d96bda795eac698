import { WALLETS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
}

export async function roleCodesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.code')
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.id')
    .execute();
  return rows.map((row) => row.code);
}

export async function resourceCodesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_resources', 'role_resources.role_id', 'user_roles.role_id')
    .innerJoin('resources', 'resources.id', 'role_resources.resource_id')
    .select('resources.code')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .orderBy('resources.code')
    .execute();
  return rows.map((row) => row.code);
}

/** The user with what the auth hook needs to decide access. */
export async function loadAuthUser(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'kind', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [codes, roles] = await Promise.all([resourceCodesOf(db, userId), roleCodesOf(db, userId)]);
  return { ...user, codes, roles };
}

export async function walletsOf(db: Db, userId: number) {
  return db.selectFrom('wallets').selectAll().where('user_id', '=', userId).orderBy('currency', 'desc').execute();
}

/** Inserts a user with its USD and CNY wallets and its roles, in the caller's transaction. */
export async function insertUser(db: Db, user: NewUser, roleCodes: readonly string[]): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, username: user.username.trim().toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('wallets')
    .values(WALLETS.map((currency) => ({ user_id: id, currency, updated_at: now })))
    .execute();
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
