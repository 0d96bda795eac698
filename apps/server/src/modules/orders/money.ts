/**
 * An order's money as its merchant's ledger has it (issue 15 "Money after the label"): the order detail's
 * lines and its net are the ledger rows tied to the order, never figures worked out again from the order's
 * columns, so a label voided and refunded and later charged by a carrier bill shows that charge too.
 */
import { FUND_TYPE, formatCents } from '@parcelport/shared';
import type { OrderMoney, OrderMoneyKind } from '@parcelport/shared/contracts/orders/schemas';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { LEDGER_REMARK } from '../funds/index.ts';

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

type LedgerRow = Awaited<ReturnType<typeof orderLedgerRows>>[number];

function kindOf(row: LedgerRow): OrderMoneyKind {
  const fromBill = row.reference_type === 'carrierBill';
  if (row.reference_type === 'claim') return row.type === FUND_TYPE.claimPayout ? 'claimPayout' : 'claimRefund';
  switch (row.type) {
    case FUND_TYPE.placeOrder:
      return 'charge';
    case FUND_TYPE.billDeduction:
      return 'billDeduction';
    case FUND_TYPE.penalty:
      return 'penalty';
    case FUND_TYPE.refund:
      if (fromBill) return row.remark === LEDGER_REMARK.disputeAccepted ? 'disputeReversal' : 'billRefund';
      return 'refund';
    default:
      return 'other';
  }
}

/**
 * The order's money lines and net from its ledger rows: each row as what it cost the merchant (all of the
 * wallet it moved, so an earnest frozen and released nets nothing and is left out: the detail shows the
 * earnest apart). The net is the sum of the lines, the minus of what the rows moved in all (in the wallet the label is paid from).
 */
export function orderMoney(rows: LedgerRow[], currency: string): OrderMoney {
  const moved = rows
    .map((row) => ({ row, cost: -(Number(row.amount) + Number(row.earnest_amount) + Number(row.deposit_amount)) }))
    .filter(({ cost }) => cost !== 0);
  return {
    currency,
    lines: moved.map(({ row, cost }) => ({
      id: row.id,
      kind: kindOf(row),
      type: row.type,
      amount: formatCents(cost),
      time: isoTime(Number(row.created_at)) as string,
    })),
    net: formatCents(moved.reduce((sum, { cost }) => sum + cost, 0)),
  };
}
