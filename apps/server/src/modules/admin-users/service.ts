import { ACCOUNT_STATUS, formatCents, type Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { moneyInMode, type Scope } from '../../core/scope.ts';
import { isoOrEmpty, pagesById, sendXlsx, type XlsxColumn } from '../../documents/xlsx.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import type { Family } from '../../scope/accounts.ts';
import { accountOfFamily } from '../../scope/accounts-repo.ts';
import { assertAnAdministratorRemains, assertRolesHeld, rolesByIds, rolesOfUsers } from '../access/index.ts';
import { createSession, revokeUserSessions } from '../auth/index.ts';
import { walletsOf } from '../funds/index.ts';
import {
  type AccountFilter,
  accountsPage,
  claimInvitationCode,
  countOwnedAccounts,
  findUserById,
  isSellerInScope,
  listAccounts,
  markAccountDeleted,
  newInvitationCode,
  setAccountStatus,
  setUserRoles,
} from '../users/index.ts';
import { hasLabelInFlight, holdsMoney } from './repo.ts';

export async function listUsers(ctx: AppContext, scope: Scope, family: Family, filter: AccountFilter) {
  const { rows, total } = await listAccounts(ctx.db, scope, family, filter);
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
      ownerUsername: row.owner_username,
      invitationCode: row.invitation_code,
      memberType: row.member_type,
      certification: row.certification,
      registrationDate: new Date(row.created_at).toISOString(),
      balance: formatCents(moneyInMode(scope, row.balance ?? 0)),
      roles: roles.get(row.id) ?? [],
    })),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The target account, if it is in this family and within the caller's scope; 404 otherwise. */
async function managedUser(ctx: AppContext, scope: Scope, family: Family, id: number) {
  const user = await accountOfFamily(ctx.db, scope, family, id);
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
    await setAccountStatus(trx, id, status);
    await assertAnAdministratorRemains(trx);
    if (status !== ACCOUNT_STATUS.active) await revokeUserSessions(trx, id);
  });
}

/** Gives the account these roles in place of its own: each role given or taken away within the caller's codes. */
export async function setRoles(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  family: Family,
  id: number,
  roleIds: number[],
): Promise<void> {
  await managedUser(ctx, scope, family, id);
  const roles = await rolesByIds(ctx.db, roleIds);
  if (roles.length !== new Set(roleIds).size) throw invalidFields({ roleIds: 'roleNotFound' });
  const held = (await rolesOfUsers(ctx.db, [id])).get(id) ?? [];
  const given = roles.filter((role) => !held.some((one) => one.id === role.id));
  const taken = held.filter((role) => !roleIds.includes(role.id));
  await assertRolesHeld(
    ctx.db,
    auth,
    [...given, ...taken].map((role) => role.id),
  );
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
  const user = await managedUser(ctx, scope, family, id);
  const [wallets, roles, owner] = await Promise.all([
    walletsOf(ctx.db, id),
    rolesOfUsers(ctx.db, [id]),
    user.owner_id === null ? undefined : findUserById(ctx.db, user.owner_id),
  ]);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    firstName: user.first_name,
    lastName: user.last_name,
    nickName: user.nick_name,
    company: user.company,
    phone: user.phone,
    wechat: user.wechat,
    accountId: user.account_id,
    status: user.status,
    kind: user.kind,
    ownerId: user.owner_id,
    ownerUsername: owner?.username ?? null,
    invitationCode: user.invitation_code,
    memberType: user.member_type,
    certification: user.certification,
    registrationDate: new Date(user.created_at).toISOString(),
    roles: roles.get(id) ?? [],
    wallets: wallets.map((wallet) => ({
      currency: wallet.currency,
      balance: formatCents(moneyInMode(scope, wallet.balance)),
      earnestBalance: formatCents(moneyInMode(scope, wallet.earnest_balance)),
      depositBalance: formatCents(moneyInMode(scope, wallet.deposit_balance)),
      refundAmount: formatCents(moneyInMode(scope, wallet.refund_amount)),
      creditLimit: formatCents(moneyInMode(scope, wallet.credit_limit)),
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
  if (!(await isSellerInScope(ctx.db, scope, id))) throw invalidFields({ id: 'notASeller' });
  const invitationCode = code ?? newInvitationCode();
  if (!(await claimInvitationCode(ctx.db, id, invitationCode)))
    throw invalidFields({ invitationCode: 'invitationTaken' });
  return invitationCode;
}

/**
 * Deletes an account softly (its orders, ledger and logs keep naming it): refused for oneself, while a
 * wallet holds anything, a label is being bought or cancelled, accounts are registered under it, or it is
 * the last active administrator. The checks run after the account is disabled and its sessions ended, in
 * one transaction, so nothing new starts between them; a refusal rolls all of it back.
 */
export async function deleteAccount(ctx: AppContext, auth: Auth, scope: Scope, family: Family, id: number) {
  if (id === auth.userId) throw new AppError(422, 'cannotChangeSelf');
  await managedUser(ctx, scope, family, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markAccountDeleted(trx, id))) throw notFound('userNotFound');
    await revokeUserSessions(trx, id);
    if (await holdsMoney(trx, id)) throw new AppError(422, 'accountHoldsMoney');
    if (await hasLabelInFlight(trx, id)) throw new AppError(422, 'accountLabelInFlight');
    if ((await countOwnedAccounts(trx, id)) > 0) throw new AppError(422, 'accountOwnsCustomers');
    await assertAnAdministratorRemains(trx);
  });
}

type AccountRow = Awaited<ReturnType<typeof accountsPage>>[number];

const accountColumns = (locale: Locale, scope: Scope): XlsxColumn<AccountRow>[] => [
  { header: 'colId', width: 10, value: (r) => r.id },
  { header: 'colEmail', width: 28, value: (r) => r.username },
  { header: 'colName', width: 24, value: (r) => r.name },
  { header: 'colCompany', width: 24, value: (r) => r.company },
  { header: 'colPhone', width: 18, value: (r) => r.phone },
  { header: 'colOwner', width: 28, value: (r) => r.owner_username ?? '' },
  { header: 'colBalance', value: (r) => formatCents(moneyInMode(scope, r.balance ?? 0)) },
  { header: 'colCreditLimit', value: (r) => formatCents(moneyInMode(scope, r.credit_limit ?? 0)) },
  { header: 'colStatus', value: (r) => translate(`accountStatus${r.status}` as MessageKey, locale) },
  { header: 'colRegisteredAt', width: 26, value: (r) => isoOrEmpty(r.created_at) },
];

/** The family's list (its filters, within the scope) as xlsx, headers in the caller's language. */
export function exportAccounts(
  ctx: AppContext,
  reply: FastifyReply,
  scope: Scope,
  family: Family,
  filter: Omit<AccountFilter, 'page' | 'pageSize'>,
  locale: Locale,
) {
  const pages = pagesById((before, size) => accountsPage(ctx.db, scope, family, filter, before, size));
  const name = family === 'customer' ? 'customers' : 'employees';
  return sendXlsx(
    reply,
    `${name}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    locale,
    accountColumns(locale, scope),
    pages,
  );
}
