import { ACCOUNT_STATUS, BUILT_IN_ROLES, RESOURCE_CATALOGUE, ROLE } from '@parcelport/shared';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';

export async function listRolesWithCodes(db: Db) {
  const [roles, grants, holders] = await Promise.all([
    db.selectFrom('roles').selectAll().orderBy('id').execute(),
    db
      .selectFrom('role_resources')
      .innerJoin('resources', 'resources.id', 'role_resources.resource_id')
      .select(['role_resources.role_id', 'resources.code'])
      .execute(),
    db
      .selectFrom('user_roles')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('role_id')
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    code: role.code,
    name: role.name,
    description: role.description,
    builtIn: role.built_in === 1,
    resources: grants
      .filter((grant) => grant.role_id === role.id)
      .map((grant) => grant.code)
      .sort(),
    holders: Number(holders.find((row) => row.role_id === role.id)?.n ?? 0),
  }));
}

export async function rolesOfUsers(db: Db, userIds: number[]): Promise<Map<number, { id: number; code: string }[]>> {
  const byUser = new Map<number, { id: number; code: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.code'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, code: row.code });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** The resource codes the roles of these ids grant, together. */
export async function codesOfRoles(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('role_resources')
    .innerJoin('resources', 'resources.id', 'role_resources.resource_id')
    .select('resources.code')
    .distinct()
    .where('role_resources.role_id', 'in', [...roleIds])
    .execute();
  return rows.map((row) => row.code);
}

/** The roles of these ids that exist. */
export async function rolesByIds(db: Db, ids: readonly number[]): Promise<{ id: number; code: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(['id', 'code'])
    .where('id', 'in', [...ids])
    .execute();
}

/** How many active accounts hold the built-in administrator role (the whole admin area). */
export async function countActiveAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.count<number>('users.id').distinct().as('n'))
    .where('roles.code', '=', ROLE.administrator)
    .where('users.status', '=', ACCOUNT_STATUS.active)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Refuses, inside the transaction that changed roles or statuses, a change that left no active
 * administrator: nobody could then give the admin area back without editing the database.
 */
export async function assertAnAdministratorRemains(db: Db): Promise<void> {
  if ((await countActiveAdministrators(db)) === 0) throw new AppError(422, 'lastAdministrator');
}

/** The active accounts a resource code reaches (through any role granting it): whom an alert about it goes to. */
export async function activeHoldersOf(db: Db, resourceCode: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_resources', 'role_resources.role_id', 'user_roles.role_id')
    .innerJoin('resources', 'resources.id', 'role_resources.resource_id')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('users.id')
    .distinct()
    .where('resources.code', '=', resourceCode)
    .where('users.status', '=', ACCOUNT_STATUS.active)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.id);
}

/** A role row by id. */
export function findRole(db: Db, id: number) {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Makes a role (not built in); its id, or null when the code is taken. */
export async function insertRole(
  db: Db,
  role: { code: string; name: string; description: string },
): Promise<number | null> {
  const row = await db
    .insertInto('roles')
    .values({ ...role, built_in: 0, created_at: Date.now() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setRoleFields(db: Db, id: number, fields: { name: string; description: string }): Promise<void> {
  await db.updateTable('roles').set(fields).where('id', '=', id).execute();
}

/** Replaces the resource codes a role grants. */
export async function setRoleResources(db: Db, roleId: number, codes: readonly string[]): Promise<void> {
  await db.deleteFrom('role_resources').where('role_id', '=', roleId).execute();
  if (codes.length === 0) return;
  const resources = await db.selectFrom('resources').select('id').where('code', 'in', codes).execute();
  await db
    .insertInto('role_resources')
    .values(resources.map((resource) => ({ role_id: roleId, resource_id: resource.id })))
    .execute();
}

/** How many accounts hold the role. */
export async function countRoleHolders(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the accounts holding the role (deleted ones too: they still hold it), by account name. */
export async function roleHolderPage(db: Db, roleId: number, page: number, pageSize: number) {
  const holders = db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .where('user_roles.role_id', '=', roleId);
  const [rows, count] = await Promise.all([
    holders
      .select(['users.id', 'users.username', 'users.name', 'users.kind', 'users.status', 'users.deleted_at'])
      .orderBy('users.username')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    holders.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(({ deleted_at, ...row }) => ({ ...row, deleted: deleted_at !== null })),
    total: Number(count.n),
  };
}

/** Deletes a role nobody holds (checked by the caller in the same transaction). */
export async function removeRole(db: Db, roleId: number): Promise<void> {
  await db.deleteFrom('role_resources').where('role_id', '=', roleId).execute();
  await db.deleteFrom('roles').where('id', '=', roleId).execute();
}

/** Makes sure every resource code and built-in role exists with its codes: new ones appear on upgrade. */
export async function seedAccess(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('resources')
    .values(RESOURCE_CATALOGUE.map(({ code, category }) => ({ code, category, name: code })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('roles')
    .values(BUILT_IN_ROLES.map(({ code }) => ({ code, name: code, built_in: 1, created_at: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const resources = await db.selectFrom('resources').select(['id', 'code']).execute();
  const roles = await db.selectFrom('roles').select(['id', 'code']).execute();
  const resourceId = new Map(resources.map((r) => [r.code, r.id]));
  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  const grants = BUILT_IN_ROLES.flatMap(({ code, codes }) =>
    codes.map((resource) => ({ role_id: roleId.get(code) as number, resource_id: resourceId.get(resource) as number })),
  );
  await db
    .insertInto('role_resources')
    .values(grants)
    .onConflict((oc) => oc.columns(['role_id', 'resource_id']).doNothing())
    .execute();
}
