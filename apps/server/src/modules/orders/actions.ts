/**
 * What the order actions share (service.ts for the customer's; modules/purchase, modules/settlement and its
 * staff-decisions.ts): the order acted on (the user's own, or within staff's scope), who acts, the error
 * for an order in the wrong state, and per-order outcomes for an action on a selection.
 */
import type { Locale } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { type Auth, testModeOf as callersTestMode, inModeOf } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { translate } from '../../i18n/messages.ts';
import { findOrder, findOrderInScope, type OrderRow } from './repo.ts';

export const actorOf = (auth: Auth) => auth.actorId ?? auth.userId;

export const stateError = () => new AppError(422, 'orderStateInvalid');

/** Whether an order is of the caller's mode (core/caller.ts inModeOf). */
export const inCallersMode = (auth: Auth, order: { is_test: number }) => inModeOf(auth, order.is_test === 1);

/** Whether an order the caller writes is a test order (core/caller.ts testModeOf; 400 on `isTest`). */
export const testModeOf = (auth: Auth, isTest: boolean) =>
  callersTestMode(auth, isTest, 'isTest', 'testOrderNeedsTestKey');

export async function ownOrder(ctx: AppContext, auth: Auth, orderId: number): Promise<OrderRow> {
  const order = await findOrder(ctx.db, orderId, auth.userId);
  if (!order || !inCallersMode(auth, order)) throw notFound('orderNotFound');
  return order;
}

/** An order within the staff member's scope; 404 when there is none, so others' orders are not even named. */
export async function scopedOrder(db: Db, scope: Scope, id: number): Promise<OrderRow> {
  const order = await findOrderInScope(db, id, scope);
  if (!order) throw notFound('orderNotFound');
  return order;
}

export interface BulkResult {
  id: number;
  ok: boolean;
  message?: string;
}

/** Runs an action per order and reports each outcome, so one bad order does not stop a selection. */
export async function eachOrder(
  ids: number[],
  action: (id: number) => Promise<void>,
  locale: Locale,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await action(id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, message: translate(error.key, locale, error.params) });
    }
  }
  return results;
}
