/**
 * The accounts as staff see and change them (customers under `/admin/…`, employees under `/staff/…`),
 * always within the caller's scope: the list, one account, its status, a seller's invitation code.
 */
import { ROLE } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../http/scope.ts';
import { whereAccountInScope } from './scope.ts';

/** The two account families of docs/spec.md §7: `/admin/…` manages customers, `/staff/…` employees. */
export type Family = 'customer' | 'staff';

export interface AccountFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: number;
}

/** One page of the family's accounts in scope, newest first, with the USD balance, and how many match. */
export async function listAccounts(db: Db, scope: Scope, family: Family, filter: AccountFilter) {
  let query = db
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
  return { rows, total: Number(count.total) };
}

/** The account, if it is in this family and within the scope. */
export async function accountOfFamily(db: Db, scope: Scope, family: Family, id: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', family)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
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
