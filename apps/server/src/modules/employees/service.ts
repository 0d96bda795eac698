/**
 * Employees (issue 13; docs/api.md "Employees"): staff accounts made, edited and deleted by holders of
 * staffList. Roles are given with the account only by holders of adminRoleList, the code that gives roles
 * afterwards (POST /staff/role/update), so staffList alone never hands out the admin area.
 */
import { ACCOUNT_STATUS } from '@parcelport/shared';
import type { EmployeeRegistration, EmployeeUpdate } from '@parcelport/shared/contracts/employees/schemas';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { forbidden, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { accountOfFamily } from '../../scope/accounts-repo.ts';
import { assertRolesHeld, rolesByIds } from '../access/index.ts';
import { userWithWallets } from '../admin-users/index.ts';
import { findUserByUsername, insertUser, newAccountRow, setAccountFields } from '../users/index.ts';

export async function registerEmployee(ctx: AppContext, auth: Auth, input: EmployeeRegistration) {
  if (input.roleIds.length > 0 && !auth.codes.includes('adminRoleList')) throw forbidden();
  const roles = await rolesByIds(ctx.db, input.roleIds);
  if (roles.length !== new Set(input.roleIds).size) throw invalidFields({ roleIds: 'roleNotFound' });
  await assertRolesHeld(ctx.db, auth, input.roleIds);
  if (await findUserByUsername(ctx.db, input.email)) throw invalidFields({ email: 'emailRegistered' });
  const now = Date.now();
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await ctx.db.transaction().execute((trx) =>
      insertUser(
        trx,
        newAccountRow(input, { kind: 'staff', status: ACCOUNT_STATUS.active, password_hash: passwordHash }, now),
        roles.map((role) => role.code),
      ),
    );
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidFields({ email: 'emailRegistered' });
    throw error;
  }
}

export async function updateEmployee(ctx: AppContext, scope: Scope, id: number, input: EmployeeUpdate) {
  if (!(await accountOfFamily(ctx.db, scope, 'staff', id))) throw notFound('userNotFound');
  await setAccountFields(ctx.db, id, input);
  return userWithWallets(ctx, scope, 'staff', id);
}
