/** Account scope's SQL (reads `users`, kept by modules/users): the where-clause of every scoped list, and the accounts it covers. */
import type { SelectQueryBuilder } from 'kysely';
import type { Scope } from '../core/scope.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { Family } from './accounts.ts';

/**
 * Limits a query to rows whose `userColumn` names an account within the scope: the one account (`userId`)
 * or the accounts registered under the owner (`ownerId`). The where-clause every scoped list uses.
 */
export function whereAccountInScope<QB extends SelectQueryBuilder<Database, keyof Database, object>>(
  qb: QB,
  userColumn: string,
  scope: Scope,
): QB {
  // Kysely cannot type a column chosen at run time; the column is always a user-id column of the query.
  let scoped = qb as unknown as SelectQueryBuilder<Database, 'users', object>;
  const column = userColumn as 'users.id';
  if (scope.userId !== undefined) scoped = scoped.where(column, '=', scope.userId);
  const { ownerId } = scope;
  if (ownerId !== undefined) {
    scoped = scoped.where(column, 'in', (eb) => eb.selectFrom('users').select('id').where('owner_id', '=', ownerId));
  }
  return scoped as unknown as QB;
}

/** The account, if the scope covers it; undefined otherwise. */
export function scopedAccount(db: Db, scope: Scope, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'owner_id', 'kind', 'status'])
    .where('id', '=', userId)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
}

/** The ids of those accounts (a thousand at most) the scope covers. */
export function scopedAccountIds(db: Db, scope: Scope, userIds: readonly number[]) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .execute();
}

/** The account, if it is in this family and within the scope. */
export async function accountOfFamily(db: Db, scope: Scope, family: Family, id: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', family)
    .where('deleted_at', 'is', null)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
}
