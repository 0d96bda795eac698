/**
 * Cancellations the customer asks for and withdraws: an order without a label is cancelled at once; a bought
 * label is voided at its carrier and waits for staff (staff-decisions.ts).
 */
import { type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, addEvent, eachOrder, ownOrder, stateError, transition } from '../orders/index.ts';
import { voidAtCarrier } from './carrier-refunds.ts';

const S = ORDER_STATUS;

/** Cancel/void: a draft or failed order is cancelled (4); a bought label (1) asks staff to void it (6). */
export function requestCancel(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      const labelled = await ctx.db.transaction().execute(async (trx) => {
        // An order without a label is simply cancelled (4); a bought label needs staff to void it (6).
        if (await transition(trx, order.id, [S.draft, S.failed], S.cancelled)) {
          await addEvent(trx, order.id, S.cancelled, 'cancelled', actorOf(auth));
          return false;
        }
        if (!(await transition(trx, order.id, [S.pendingTransport], S.cancelling))) throw stateError();
        await addEvent(trx, order.id, S.cancelling, 'cancelRequested', actorOf(auth));
        return true;
      });
      // A label bought upstream is voided at its carrier at once; staff decide on what it answered.
      if (labelled) await voidAtCarrier(ctx, { ...order, status: S.cancelling });
    },
    locale,
  );
}

/** Cancel-restore: withdraws a pending cancellation (6 → 1). */
export function restoreCancel(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      // A label the carrier is refunding, or has, cannot ship any more.
      if (order.carrier_refund === 'pending' || order.carrier_refund === 'refunded') {
        throw new AppError(422, 'labelVoidedAtCarrier');
      }
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await transition(trx, order.id, [S.cancelling], S.pendingTransport, { carrier_refund: '' })))
          throw stateError();
        await addEvent(trx, order.id, S.pendingTransport, 'restored', actorOf(auth));
      });
    },
    locale,
  );
}
