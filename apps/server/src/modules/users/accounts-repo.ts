/**
 * The accounts as staff see and change them (customers under `/admin/…`, employees under `/staff/…`),
 * always within the caller's scope: the list, one account, its status, a seller's invitation code.
 */
import { randomBytes } from 'node:crypto';
import { ROLE } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { Family } from '../../scope/accounts.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

export interface AccountFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: number;
  /** The accounts registered under this seller or proxy. */
  ownerId?: number;
}

/** The family's accounts in scope, deleted ones left out, with the list's filters. */
function filteredAccounts(db: Db, scope: Scope, family: Family, filter: Omit<AccountFilter, 'page' | 'pageSize'>) {
  let query = db
    .selectFrom('users')
    .where('users.kind', '=', family)
    .where('users.deleted_at', 'is', null)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope));
  if (filter.status !== undefined) query = query.where('users.status', '=', filter.status);
  if (filter.ownerId !== undefined) query = query.where('users.owner_id', '=', filter.ownerId);
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
  return query;
}

/** The columns of a list row: the account, its owner's account name and its USD balance. */
function listRows(query: ReturnType<typeof filteredAccounts>) {
  return query
    .leftJoin('wallets', (join) => join.onRef('wallets.user_id', '=', 'users.id').on('wallets.currency', '=', 'USD'))
    .leftJoin('users as owners', 'owners.id', 'users.owner_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.company',
      'users.phone',
      'users.status',
      'users.kind',
      'users.owner_id',
      'owners.username as owner_username',
      'users.invitation_code',
      'users.member_type',
      'users.certification',
      'users.created_at',
      'wallets.balance',
      'wallets.credit_limit',
    ]);
}

/** One page of the family's accounts in scope, newest first, with the USD balance, and how many match. */
export async function listAccounts(db: Db, scope: Scope, family: Family, filter: AccountFilter) {
  const query = filteredAccounts(db, scope, family, filter);
  const [rows, count] = await Promise.all([
    listRows(query)
      .orderBy('users.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Up to `size` of the family's accounts in scope with ids below `beforeId`, newest first (an export's page). */
export function accountsPage(
  db: Db,
  scope: Scope,
  family: Family,
  filter: Omit<AccountFilter, 'page' | 'pageSize'>,
  beforeId: number | null,
  size: number,
) {
  return listRows(filteredAccounts(db, scope, family, filter))
    .$if(beforeId !== null, (qb) => qb.where('users.id', '<', beforeId as number))
    .orderBy('users.id', 'desc')
    .limit(size)
    .execute();
}

export async function setAccountStatus(db: Db, id: number, status: number): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: Date.now() }).where('id', '=', id).execute();
}

/** Whether the account holds the seller role and is within the scope. */
export async function isSellerInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  const seller = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('users.id', '=', id)
    .where('roles.code', '=', ROLE.seller)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
  return seller !== undefined;
}

/** An invitation code made up for an account that was given none: ten hex digits, upper case. */
export function newInvitationCode(): string {
  return randomBytes(5).toString('hex').toUpperCase();
}

/**
 * Gives the account the invitation code unless another account holds it already (codes are unique
 * across all accounts); answers whether it was given.
 */
export async function claimInvitationCode(db: Db, id: number, code: string): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('invitation_code', '=', code)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) return false;
  await db.updateTable('users').set({ invitation_code: code, updated_at: Date.now() }).where('id', '=', id).execute();
  return true;
}

/** The account name (sign-in) and display name of each account, by id: how staff lists name a customer. */
export async function accountNames(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { account: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'first_name', 'last_name', 'company'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        account: row.username,
        name: row.name || [row.first_name, row.last_name].filter(Boolean).join(' ') || row.company,
      },
    ]),
  );
}
