/**
 * THE place a pay-on-use return is charged: at the carrier's first scan of it, in the transaction that
 * records the scan (tracking/apply.ts `applyEvents`), with the order's state change. The return is marked
 * used by one conditional update (repo.ts `markUsed`), so of any number of scan events, concurrent or
 * repeated, exactly one charges it: one ledger row, tied to the return order.
 *
 * What it charges is the quote the return was bought at, kept in the order's `estimate`: the carrier's
 * price for the shipment plus the merchant's markup, worked out by the pricing path (purchase/quote.ts) when
 * the label was made. What the carrier finally bills is settled by its bill (docs/bills.md), as for any label.
 *
 * A proxy's customer's return also credits the proxy the commission its quote held (kept with the return
 * when bought, repo.ts `setDeferredCommission`), in the same transaction: one ledger row in the proxy's wallet.
 *
 * The `return.used` webhook event is recorded here, in the same transaction, after the charge, so a receiver
 * is told once, exactly when the merchant was charged.
 */
import { FUND_TYPE, LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { applyMovement, LEDGER_REMARK, type Movement } from '../funds/index.ts';
import { addEvent, findOrder, type OrderRow, setChargedQuote } from '../orders/index.ts';
import { returnUsed } from '../webhooks/index.ts';
import { markUsed } from './repo.ts';

/** The quote a pay-on-use return was bought at (the `QuoteLine` fields the purchase kept in `estimate`). */
function quotedOf(order: OrderRow): { price: number; cost: number; insurance: number } {
  const estimate = JSON.parse(order.estimate ?? '{}') as Partial<Record<string, unknown>>;
  const cents = (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0);
  return {
    price: cents(estimate.priceCents),
    cost: cents(estimate.costCents),
    insurance: cents(estimate.insuranceCents),
  };
}

/** A label still paid for (not voided, lapsed or refunded): only such a return is charged at its scan. */
const live = (order: OrderRow) =>
  (LABEL_PAID_STATUSES as readonly number[]).includes(order.status) && order.refunded_at === null;

/**
 * Called for every parcel whose carrier reported a scan (a state of in transit or beyond), within the
 * transaction that records it. Does nothing for an order that is not a return, a return charged when it
 * was bought, one already scanned, or one that lapsed. Answers whether this call charged it.
 */
export async function chargeOnFirstScan(trx: Db, orderId: number, now = Date.now()): Promise<boolean> {
  const order = await findOrder(trx, orderId);
  if (order?.kind !== 'return' || !live(order)) return false;
  const marked = await markUsed(trx, orderId, now);
  if (!marked) return false;
  if (marked.pay_on_use !== 1 || order.is_test === 1) {
    // Charged when bought (or a test label, which moves no money): the first scan is only noted.
    return false;
  }
  const quoted = quotedOf(order);
  // A proxy's customer: the proxy earns the commission its quote held, now, with the charge (as a label
  // charged when bought credits it with its charge: purchase/purchase.ts).
  const commission = marked.proxy_id !== null && marked.commission > 0 ? marked.commission : 0;
  // The order now says what it was charged, and its proxy's commission, as a label charged when bought does
  // (refunds, bills and the ledger check read them from there).
  await setChargedQuote(
    trx,
    orderId,
    {
      price: quoted.price,
      cost: quoted.cost,
      insurance: quoted.insurance,
      proxyId: commission > 0 ? marked.proxy_id : null,
      commission,
    },
    now,
  );
  const total = quoted.price + quoted.insurance;
  const charge: Movement | undefined =
    total > 0
      ? {
          userId: order.user_id,
          currency: 'USD',
          type: FUND_TYPE.placeOrder,
          amount: -total,
          reference: { type: 'order', id: order.id, no: order.order_no },
          actorId: null,
          // The carrier has carried it: owed whatever the balance, as a carrier's bill is.
          owed: true,
          remark: LEDGER_REMARK.returnUsed,
        }
      : undefined;
  const credit: Movement | undefined =
    commission > 0
      ? {
          userId: marked.proxy_id as number,
          currency: 'USD',
          type: FUND_TYPE.commission,
          amount: commission,
          reference: { type: 'commission', id: order.id, no: order.order_no },
          actorId: null,
        }
      : undefined;
  // Wallets in one order (user id, then currency), as every transaction moving two of them takes them, so two
  // never wait on each other (settlement/settlement.ts).
  const movements = [charge, credit].filter((movement): movement is Movement => movement !== undefined);
  movements.sort((a, b) => (`${a.userId}:${a.currency}` < `${b.userId}:${b.currency}` ? -1 : 1));
  for (const movement of movements) await applyMovement(trx, movement);
  await addEvent(trx, orderId, order.status, 'returnUsed', null);
  await returnUsed(trx, order, marked, total);
  return true;
}
