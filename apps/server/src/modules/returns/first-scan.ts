/**
 * THE place a pay-on-use return is charged: at the carrier's first scan of it, in the transaction that
 * records the scan (tracking/service.ts `applyEvents`), with the order's state change. The return is marked
 * used by one conditional update (repo.ts `markUsed`), so of any number of scan events, concurrent or
 * repeated, exactly one charges it: one ledger row, tied to the return order.
 *
 * What it charges is the quote the return was bought at, kept in the order's `estimate`: the carrier's
 * price for the shipment plus the merchant's markup, worked out by the pricing path (orders/quote.ts) when
 * the label was made. What the carrier finally bills is settled by its bill (docs/bills.md), as for any label.
 *
 * The `return.used` webhook event is recorded here, in the same transaction, after the charge, so a receiver
 * is told once, exactly when the merchant was charged.
 */
import { FUND_TYPE, LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { applyMovement, LEDGER_REMARK } from '../funds/index.ts';
import { addEvent, findOrder, type OrderRow } from '../orders/index.ts';
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
  // The order now says what it was charged, as a label charged when bought does (refunds and the ledger
  // check read it from there).
  await trx
    .updateTable('orders')
    .set({
      rate: quoted.price,
      cost: quoted.cost,
      insurance_fee: quoted.insurance,
      updated_at: now,
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .execute();
  const total = quoted.price + quoted.insurance;
  if (total > 0) {
    await applyMovement(trx, {
      userId: order.user_id,
      currency: 'USD',
      type: FUND_TYPE.placeOrder,
      amount: -total,
      reference: { type: 'order', id: order.id, no: order.order_no },
      actorId: null,
      // The carrier has carried it: owed whatever the balance, as a carrier's bill is.
      owed: true,
      remark: LEDGER_REMARK.returnUsed,
    });
  }
  await addEvent(trx, orderId, order.status, 'returnUsed', null);
  await returnUsed(trx, order, marked, total);
  return true;
}
