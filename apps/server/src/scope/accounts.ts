import { notFound } from '../core/errors.ts';
import type { Scope } from '../core/scope.ts';
import type { Db } from '../db/index.ts';
import { scopedAccount, scopedAccountIds } from './accounts-repo.ts';

/** The account, if the scope covers it; 404 otherwise, so accounts out of scope are not even confirmed. */
export async function accountInScope(db: Db, scope: Scope, userId: number) {
  const account = await scopedAccount(db, scope, userId);
  if (!account) throw notFound('userNotFound');
  return account;
}

/** Which of the accounts the scope covers, read a thousand at a time. */
export async function accountsInScope(db: Db, scope: Scope, userIds: readonly number[]): Promise<Set<number>> {
  const covered = new Set<number>();
  for (let start = 0; start < userIds.length; start += 1000) {
    const rows = await scopedAccountIds(db, scope, userIds.slice(start, start + 1000));
    for (const row of rows) covered.add(row.id);
  }
  return covered;
}

/** The two account families of docs/spec.md §7: `/admin/…` manages customers, `/staff/…` employees. */
export type Family = 'customer' | 'staff';
