/** The matching's read model: the labels a bill's lines name, their invoices posted before, the lines' keys posted. */
import { LABEL_PAID_STATUSES, ORDER_STATUS } from '@parcelport/shared';
import type { BillPreset } from '@parcelport/shared/contracts/bills/index';
import type { Db } from '../../db/index.ts';

/** Labels a bill line may be about: paid ones, and voided ones (a void that did not hold at the carrier). */
const BILLABLE = [...LABEL_PAID_STATUSES, ORDER_STATUS.voided];

/**
 * The posted lines of invoices (bills of whole charges) on the orders that moved their charges, and, with
 * `wholeChargesOf`, the first whole charges of bills of that preset, in id order.
 */
export function postedTotalLines(db: Db, orderIds: number[], wholeChargesOf: BillPreset | null) {
  return db
    .selectFrom('carrier_bill_lines as line')
    .innerJoin('carrier_bills as bill', 'bill.id', 'line.bill_id')
    .select(['line.order_id', 'line.tracking_no', 'line.reference', 'line.bill_id', 'line.row_no'])
    .select(['line.adjusts', 'line.cost_change', 'bill.preset'])
    .where('line.order_id', 'in', orderIds)
    .where('bill.amount_kind', '=', 'total')
    .where('line.posted_at', 'is not', null)
    .where((eb) => {
      const moved = eb.and([
        eb('line.adjusts', '=', 1),
        eb.or([
          eb('line.kind', 'in', ['matches', 'adjustment', 'credit']),
          eb.and([eb('line.kind', '=', 'voided'), eb('line.resolution', '=', 'charged')]),
        ]),
      ]);
      if (wholeChargesOf === null) return moved;
      return eb.or([moved, eb.and([eb('line.adjusts', '=', 0), eb('bill.preset', '=', wholeChargesOf)])]);
    })
    .orderBy('line.id')
    .execute();
}

/** The parcels with these tracking numbers. */
export function parcelsByTracking(db: Db, trackingNos: string[]) {
  return db
    .selectFrom('parcels')
    .select(['tracking_no', 'weight', 'mass_unit', 'order_id'])
    .where('tracking_no', 'in', trackingNos)
    .execute();
}

/** The billable labels of the channel among these orders (given with repeats). */
export function billableOrders(db: Db, channelId: number, orderIds: number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'cost', 'billed_cost', 'status'])
    .where('id', 'in', [...new Set(orderIds)])
    .where('channel_id', '=', channelId)
    .where('status', 'in', BILLABLE)
    .execute();
}

/** Which of these orders are pay-on-use returns. */
export function payOnUseReturns(db: Db, orderIds: number[]) {
  return db
    .selectFrom('returns')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('pay_on_use', '=', 1)
    .execute();
}

/** The lines posted under these keys, with their bill and row. */
export function linesPostedAs(db: Db, keys: string[]) {
  return db
    .selectFrom('carrier_bill_lines')
    .select(['posted_key', 'bill_id', 'row_no'])
    .where('posted_key', 'in', keys)
    .execute();
}
