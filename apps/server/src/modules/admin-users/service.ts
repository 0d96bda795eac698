import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATUS, formatCents, ROLE } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields, notFound } from '../../http/errors.ts';
import type { Scope } from '../../http/scope.ts';
import { assertAnAdministratorRemains, rolesOfUsers } from '../access/repo.ts';
import { createSession, revokeUserSessions } from '../auth/sessions.ts';
import { walletsOf } from '../funds/ledger.ts';
import { setUserRoles } from '../users/repo.ts';
import { whereAccountInScope } from '../users/scope.ts';

/** The two account families of docs/spec.md §7: `/admin/…` manages customers, `/staff/…` employees. */
export type Family = 'customer' | 'staff';

export interface ListFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: number;
}

export async function listUsers(ctx: AppContext, scope: Scope, family: Family, filter: ListFilter) {
  let query = ctx.db
    .selectFrom('users')
    .where('users.kind', '=', family)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope));
  if (filter.status !== undefined) query = query.where('users.status', '=', filter.status);
  if (filter.keyword) {
    const like = `%${filter.keyword.trim().toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.username']), 'like', like),
        eb(eb.fn('lower', ['users.name']), 'like', like),
        eb(eb.fn('lower', ['users.company']), 'like', like),
        eb('users.phone', 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('wallets', (join) => join.onRef('wallets.user_id', '=', 'users.id').on('wallets.currency', '=', 'USD'))
      .select([
        'users.id',
        'users.username',
        'users.name',
        'users.company',
        'users.phone',
        'users.status',
        'users.kind',
        'users.owner_id',
        'users.invitation_code',
        'users.created_at',
        'wallets.balance',
      ])
      .orderBy('users.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const roles = await rolesOfUsers(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.name,
      company: row.company,
      phone: row.phone,
      status: row.status,
      kind: row.kind,
      ownerId: row.owner_id,
      invitationCode: row.invitation_code,
      registrationDate: new Date(row.created_at).toISOString(),
      balance: formatCents(row.balance ?? 0),
      roles: roles.get(row.id) ?? [],
    })),
    total: Number(count.total),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The target account, if it is in this family and within the caller's scope; 404 otherwise. */
async function managedUser(ctx: AppContext, scope: Scope, family: Family, id: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'status', 'kind'])
    .where('id', '=', id)
    .where('kind', '=', family)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
  if (!user) throw notFound('userNotFound');
  return user;
}

export async function setStatus(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  family: Family,
  id: number,
  status: number,
): Promise<void> {
  if (id === auth.userId) throw new AppError(422, 'cannotChangeSelf');
  await managedUser(ctx, scope, family, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status, updated_at: Date.now() }).where('id', '=', id).execute();
    await assertAnAdministratorRemains(trx);
    if (status !== ACCOUNT_STATUS.active) await revokeUserSessions(trx, id);
  });
}

export async function setRoles(
  ctx: AppContext,
  scope: Scope,
  family: Family,
  id: number,
  roleIds: number[],
): Promise<void> {
  await managedUser(ctx, scope, family, id);
  const roles = roleIds.length
    ? await ctx.db.selectFrom('roles').select(['id', 'code']).where('id', 'in', roleIds).execute()
    : [];
  if (roles.length !== new Set(roleIds).size) throw invalidFields({ roleIds: 'roleNotFound' });
  await ctx.db.transaction().execute(async (trx) => {
    await setUserRoles(
      trx,
      id,
      roles.map((role) => role.code),
    );
    await assertAnAdministratorRemains(trx);
    // Codes are read per request, but a revoked role must not live on in an acting-as session.
    await revokeUserSessions(trx, id);
  });
}

/** A session for the user with the staff member recorded as actor (docs/spec.md §4 acting as a user). */
export async function actAs(ctx: AppContext, auth: Auth, scope: Scope, family: Family, id: number): Promise<string> {
  if (id === auth.userId) throw new AppError(422, 'cannotActAsSelf');
  const user = await managedUser(ctx, scope, family, id);
  if (user.status === ACCOUNT_STATUS.inactive) throw new AppError(422, 'accountInactive');
  if (user.status !== ACCOUNT_STATUS.active) throw new AppError(422, 'accountDisabled');
  return createSession(ctx.db, ctx.config, id, auth.actorId ?? auth.userId);
}

/** One account with its wallets (balances and credit limits), for staff screens. */
export async function userWithWallets(ctx: AppContext, scope: Scope, family: Family, id: number) {
  await managedUser(ctx, scope, family, id);
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const [wallets, roles] = await Promise.all([walletsOf(ctx.db, id), rolesOfUsers(ctx.db, [id])]);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    company: user.company,
    phone: user.phone,
    status: user.status,
    kind: user.kind,
    ownerId: user.owner_id,
    invitationCode: user.invitation_code,
    registrationDate: new Date(user.created_at).toISOString(),
    roles: roles.get(id) ?? [],
    wallets: wallets.map((wallet) => ({
      currency: wallet.currency,
      balance: formatCents(wallet.balance),
      earnestBalance: formatCents(wallet.earnest_balance),
      depositBalance: formatCents(wallet.deposit_balance),
      refundAmount: formatCents(wallet.refund_amount),
      creditLimit: formatCents(wallet.credit_limit),
    })),
  };
}

/**
 * Gives a seller the invitation code customers register with (docs/spec.md §5: the code links them to the seller);
 * a code is made up when none is given. Codes are unique across all accounts.
 */
export async function setInvitationCode(
  ctx: AppContext,
  scope: Scope,
  id: number,
  code: string | undefined,
): Promise<string> {
  const seller = await ctx.db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('users.id', '=', id)
    .where('roles.code', '=', ROLE.seller)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
  if (!seller) throw invalidFields({ id: 'notASeller' });
  const invitationCode = code ?? randomBytes(5).toString('hex').toUpperCase();
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('invitation_code', '=', invitationCode)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) throw invalidFields({ invitationCode: 'invitationTaken' });
  await ctx.db
    .updateTable('users')
    .set({ invitation_code: invitationCode, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
  return invitationCode;
}
