/**
 * Role and resource management (issue 13; docs/api.md "Roles"). Built-in roles keep the codes the seed
 * gives them (a restart would give them back, and the administrator role must never lose the admin area);
 * staff make their own roles from the resource codes. A changed role is used on its holders' next call:
 * the `access` change version is raised by the database itself (migration 0006).
 */
import { RESOURCE_CATALOGUE, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import type { RoleCreate, RoleUpdate } from '@parcelport/shared/contracts/access/schemas';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { assertCodesHeld } from './held.ts';
import {
  countRoleHolders,
  findRole,
  insertRole,
  listRolesWithCodes,
  removeRole,
  roleHolderPage,
  setRoleFields,
  setRoleResources,
} from './repo.ts';

async function roleView(ctx: AppContext, id: number) {
  const role = (await listRolesWithCodes(ctx.db)).find((one) => one.id === id);
  if (!role) throw notFound();
  return role;
}

export async function createRole(ctx: AppContext, auth: Auth, input: RoleCreate) {
  assertCodesHeld(auth, input.resources);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const made = await insertRole(trx, { code: input.code, name: input.name, description: input.description });
    if (made === null) throw invalidFields({ code: 'roleCodeTaken' });
    await setRoleResources(trx, made, input.resources);
    return made;
  });
  return roleView(ctx, id);
}

export async function updateRole(ctx: AppContext, auth: Auth, id: number, input: RoleUpdate) {
  const role = await findRole(ctx.db, id);
  if (!role) throw notFound();
  const current = (await roleView(ctx, id)).resources;
  assertCodesHeld(auth, [...current, ...(input.resources ?? [])]);
  if (role.built_in === 1 && input.resources !== undefined) {
    const same = current.length === new Set(input.resources).size && input.resources.every((c) => current.includes(c));
    if (!same) throw new AppError(422, 'builtInRoleCodesFixed');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await setRoleFields(trx, id, { name: input.name, description: input.description });
    if (role.built_in !== 1 && input.resources !== undefined) await setRoleResources(trx, id, input.resources);
  });
  return roleView(ctx, id);
}

export async function deleteRole(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  const role = await findRole(ctx.db, id);
  if (!role) throw notFound();
  assertCodesHeld(auth, (await roleView(ctx, id)).resources);
  if (role.built_in === 1) throw new AppError(422, 'builtInRoleKept');
  await ctx.db.transaction().execute(async (trx) => {
    if ((await countRoleHolders(trx, id)) > 0) throw new AppError(422, 'roleHeld');
    await removeRole(trx, id);
  });
}

/** One page of a role's holders; 404 for a role that does not exist. */
export async function listRoleHolders(ctx: AppContext, id: number, page: number, pageSize: number) {
  if (!(await findRole(ctx.db, id))) throw notFound();
  return { ...(await roleHolderPage(ctx.db, id, page, pageSize)), page, pageSize };
}

/** The screens (leaf routes, full paths) each resource code opens, from the route table. */
function routesByCode(): Map<string, { name: string; path: string }[]> {
  const byCode = new Map<string, { name: string; path: string }[]>();
  const walk = (routes: readonly RouteMeta[], parent: string) => {
    for (const route of routes) {
      const path = route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
      if (route.children?.length) walk(route.children, path);
      else
        for (const code of route.roles ?? [])
          byCode.set(code, [...(byCode.get(code) ?? []), { name: route.name, path }]);
    }
  };
  walk(ROUTE_TABLE, '');
  return byCode;
}

export async function listResources(ctx: AppContext) {
  const roles = await listRolesWithCodes(ctx.db);
  const routes = routesByCode();
  return RESOURCE_CATALOGUE.map(({ code, category }) => ({
    code,
    category,
    routes: routes.get(code) ?? [],
    roles: roles.filter((role) => role.resources.includes(code)).map((role) => role.code),
  }));
}
