import type { SelectQueryBuilder } from 'kysely';
import { notFound } from '../core/errors.ts';
import type { Scope } from '../core/scope.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

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

/** The account, if the scope covers it; 404 otherwise, so accounts out of scope are not even confirmed. */
export async function accountInScope(db: Db, scope: Scope, userId: number) {
  const account = await db
    .selectFrom('users')
    .select(['id', 'owner_id', 'kind', 'status'])
    .where('id', '=', userId)
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .executeTakeFirst();
  if (!account) throw notFound('userNotFound');
  return account;
}

/** Which of the accounts the scope covers, read a thousand at a time. */
export async function accountsInScope(db: Db, scope: Scope, userIds: readonly number[]): Promise<Set<number>> {
  const covered = new Set<number>();
  for (let start = 0; start < userIds.length; start += 1000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', userIds.slice(start, start + 1000))
      .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
      .execute();
    for (const row of rows) covered.add(row.id);
  }
  return covered;
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

/** The two account families of docs/spec.md §7: `/admin/…` manages customers, `/staff/…` employees. */
export type Family = 'customer' | 'staff';
