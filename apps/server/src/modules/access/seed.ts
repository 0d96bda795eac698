import { BUILT_IN_ROLES, RESOURCE_CATALOGUE } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';

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
