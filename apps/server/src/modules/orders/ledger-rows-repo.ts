/** An order's rows of its merchant's ledger (money.ts makes the order detail's money lines of them). */
import type { Db } from '../../db/index.ts';

/**
 * The merchant's ledger rows tied to an order, oldest first: those written for the order itself (its
 * charge, earnest, refund, a settled bill) and those a carrier bill wrote for a line of the order (the
 * deduction, refund and penalty of a posted line or a charged voided line, what was collected of it later,
 * what an accepted dispute gave back), which name the bill and the order's number or the line's tracking number,
 * and those an insurance claim on the order paid (its payout, a lost parcel's postage).
 */
export async function orderLedgerRows(db: Db, order: { id: number; user_id: number; order_no: string }) {
  // Two reads, each through the ledger's (reference_type, reference_id) index: one filter over the
  // merchant's whole ledger would walk every row they ever had on each view of an order.
  const ledger = () =>
    db
      .selectFrom('balance_logs')
      .select(['id', 'type', 'amount', 'earnest_amount', 'deposit_amount', 'reference_type', 'remark', 'created_at'])
      .where('user_id', '=', order.user_id);
  const billLines = () => db.selectFrom('carrier_bill_lines').where('order_id', '=', order.id);
  const claims = () => db.selectFrom('insurance_claims').select('id').where('order_id', '=', order.id);
  const [own, billed, claimed] = await Promise.all([
    ledger().where('reference_type', '=', 'order').where('reference_id', '=', order.id).execute(),
    ledger()
      .where('reference_type', '=', 'carrierBill')
      .where('reference_id', 'in', billLines().select('bill_id'))
      .where((eb) =>
        eb.or([eb('reference_no', '=', order.order_no), eb('reference_no', 'in', billLines().select('tracking_no'))]),
      )
      .execute(),
    // An insurance claim's payout and the postage it gave back (modules/claims), tied to the claim.
    ledger().where('reference_type', '=', 'claim').where('reference_id', 'in', claims()).execute(),
  ]);
  return [...own, ...billed, ...claimed].sort((a, b) => Number(a.id) - Number(b.id));
}

export type LedgerRow = Awaited<ReturnType<typeof orderLedgerRows>>[number];
