/**
 * An order's money as its merchant's ledger has it (issue 15 "Money after the label"): the order detail's
 * lines and its net are the ledger rows tied to the order, never figures worked out again from the order's
 * columns, so a label voided and refunded and later charged by a carrier bill shows that charge too.
 */
import { FUND_TYPE, formatCents } from '@parcelport/shared';
import type { OrderMoney, OrderMoneyKind } from '@parcelport/shared/contracts/orders/schemas';
import { isoTime } from '../../core/time.ts';
import { LEDGER_REMARK } from '../funds/index.ts';
import type { LedgerRow } from './ledger-rows-repo.ts';

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
