import { isPlatformWide } from '@parcelport/shared';
import type { Auth } from './caller.ts';

/**
 * Which owners' objects a route may touch, declared beside its access rule (`config.scope`) on every route
 * that is not public; the app refuses to start a route without one (installAuth):
 * - `own`: the caller's own objects (a merchant's orders, wallet, keys …);
 * - `ownCustomers`: the accounts the caller owns, and their objects; platform-wide staff (administrators,
 *   customer service, finance) own every account, sellers and proxies the customers registered under them;
 * - `any`: platform objects that belong to no account (channels, roles, settings, broadcast messages).
 * The access rule says which callers may reach the route; the scope says which rows they may then touch.
 */
export type ObjectScope = 'own' | 'ownCustomers' | 'any';

/**
 * The rows a call may touch, worked out from the route's declared scope and the caller: one account's
 * (`userId`), those of the accounts one user owns (`ownerId`), or any (neither set). Repos turn it into a
 * `where` with `withinScope` (orders) or `usersWithinScope` (accounts and what hangs off them).
 */
export interface Scope {
  userId?: number;
  ownerId?: number;
  /**
   * Test orders only (true) or live orders only (false): set for a call made with an API key, from its mode
   * (`withinScope` keeps a test key's orders and a live key's apart); unset for a signed-in session.
   */
  test?: boolean;
}

export function scopeFor(declared: ObjectScope, auth: Auth): Scope {
  const mode = auth.keyMode === undefined ? {} : { test: auth.keyMode === 'test' };
  if (declared === 'own') return { userId: auth.userId, ...mode };
  if (declared === 'ownCustomers' && !isPlatformWide(auth)) return { ownerId: auth.userId, ...mode };
  return mode;
}

/** True when the scope lets the call touch the objects of `userId`, whose owner is `ownerId`. */
export function coversAccount(scope: Scope, account: { id: number; ownerId: number | null }): boolean {
  if (scope.userId !== undefined && account.id !== scope.userId) return false;
  if (scope.ownerId !== undefined && account.ownerId !== scope.ownerId) return false;
  return true;
}

/**
 * Live money as a call tells it: a test API key is told none (cents 0), as its own test balance is zero (test
 * labels are free, docs/api.md "Test and live keys"); balances and commissions are live money only.
 */
export const moneyInMode = (scope: Scope, cents: number) => (scope.test === true ? 0 : cents);
