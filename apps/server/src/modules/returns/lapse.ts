/**
 * Pay-on-use returns never scanned lapse once the carrier's validity runs out (`returns.valid_until`):
 * the order is voided, with nothing to refund (nothing was charged), and a later scan charges nothing.
 * Run by every instance's sweep; each return is taken by one conditional update.
 */
import { ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { addEvent, transition } from '../orders/index.ts';
import { lapsedReturns, markLapsed } from './repo.ts';

const WAITING = [ORDER_STATUS.pendingTransport];

export async function sweepLapsedReturns(ctx: AppContext, now = Date.now()): Promise<number> {
  let lapsed = 0;
  for (const { order_id } of await lapsedReturns(ctx.db, now, 500)) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      if (!(await markLapsed(trx, order_id, now))) return false;
      if (await transition(trx, order_id, WAITING, ORDER_STATUS.voided))
        await addEvent(trx, order_id, ORDER_STATUS.voided, 'returnLapsed', null);
      return true;
    });
    if (done) lapsed++;
  }
  return lapsed;
}
