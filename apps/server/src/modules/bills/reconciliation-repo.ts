/** The reconciliation's read model (docs/bills.md): a channel's labels and bill lines of a span, by day. */
import { DAY_MS, LABEL_PAID_STATUSES } from '@parcelport/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.ts';

// A literal, not a parameter: SQLite would divide by a bound number as a real, and days would not group.
const day = sql<number>`orders.label_created_at / ${sql.lit(DAY_MS)}`;

/** The channel's paid labels made in [from, to). */
function labelsOfSpan(db: Db, channelId: number, from: number, to: number) {
  // Live labels only: a carrier never bills a test label, and figures never count one (issue 31).
  return db
    .selectFrom('orders')
    .where('orders.channel_id', '=', channelId)
    .where('orders.is_test', '=', 0)
    .where('orders.status', 'in', [...LABEL_PAID_STATUSES])
    .where('orders.label_created_at', '>=', from)
    .where('orders.label_created_at', '<', to);
}

/** Per day of the span: the labels, their cost, what was charged for them and how many are not billed yet. */
export function labelDays(db: Db, channelId: number, from: number, to: number) {
  return labelsOfSpan(db, channelId, from, to)
    .select((eb) => [
      day.as('day'),
      eb.fn.countAll<number>().as('labels'),
      eb.fn.sum<number>(eb.fn.coalesce('orders.cost', eb.lit(0))).as('cost'),
      eb.fn
        .sum<number>(eb(eb.fn.coalesce('orders.rate', eb.lit(0)), '+', eb.ref('orders.insurance_fee')))
        .as('charged'),
      eb.fn.sum<number>(eb.case().when('orders.billed_at', 'is', null).then(1).else(0).end()).as('not_billed'),
    ])
    .groupBy(day)
    .execute();
}

/** Per day of the span: what the posted bill lines of its labels moved, the carrier's and the merchant's. */
export function postedLineDays(db: Db, channelId: number, from: number, to: number) {
  return labelsOfSpan(db, channelId, from, to)
    .innerJoin('carrier_bill_lines as line', 'line.order_id', 'orders.id')
    .where('line.posted_at', 'is not', null)
    .select((eb) => {
      const positive = (column: 'line.cost_change' | 'line.merchant_change') =>
        eb.fn.sum<number>(eb.case().when(column, '>', 0).then(eb.ref(column)).else(0).end());
      const negative = (column: 'line.cost_change' | 'line.merchant_change') =>
        eb.fn.sum<number>(eb.case().when(column, '<', 0).then(eb.ref(column)).else(0).end());
      // A line whose dispute staff accepted charged what it took (given back since) and nothing it left
      // owed (forgiven): its deduction and penalty are not counted, what it took is, charged and refunded.
      const sumWhen = (when: Expression<SqlBool>, value: Expression<number | null>) =>
        eb.fn.sum<number>(
          eb
            .case()
            .when(when)
            .then(eb.fn.coalesce(value, eb.lit(0)))
            .else(0)
            .end(),
        );
      const standing = eb('line.dispute', '!=', 'accepted');
      return [
        day.as('day'),
        positive('line.cost_change').as('adjustments'),
        negative('line.cost_change').as('credits'),
        sumWhen(eb.and([standing, eb('line.merchant_change', '>', 0)]), eb.ref('line.merchant_change')).as('deducted'),
        sumWhen(standing, eb.ref('line.penalty')).as('penalties'),
        sumWhen(eb('line.dispute', '=', 'accepted'), eb.ref('line.taken')).as('given_back'),
        negative('line.merchant_change').as('refunded'),
        eb.fn.sum<number>(eb.fn.coalesce('line.owed', eb.lit(0))).as('owed'),
      ];
    })
    .groupBy(day)
    .execute();
}

/** The lines of the channel's bills made in the span that are not explained yet, counted and summed by why. */
export function unexplainedLines(db: Db, channelId: number, from: number, to: number) {
  return db
    .selectFrom('carrier_bill_lines as line')
    .innerJoin('carrier_bills as bill', 'bill.id', 'line.bill_id')
    .where('bill.channel_id', '=', channelId)
    .where('bill.created_at', '>=', from)
    .where('bill.created_at', '<', to)
    .select((eb) => {
      const count = (when: ReturnType<typeof eb.and>) => eb.fn.sum<number>(eb.case().when(when).then(1).else(0).end());
      const amount = (when: ReturnType<typeof eb.and>) =>
        eb.fn.sum<number>(eb.case().when(when).then(eb.ref('line.amount')).else(0).end());
      const unmatched = eb.and([eb('line.kind', '=', 'unmatched')]);
      const duplicate = eb.and([eb('line.kind', '=', 'duplicate')]);
      const unposted = eb.and([
        eb('line.posted_at', 'is', null),
        eb('line.kind', 'in', ['matches', 'adjustment', 'credit']),
      ]);
      // Billed on a voided label: unexplained until staff charge the merchant or write it off.
      const voided = eb.and([eb('line.kind', '=', 'voided'), eb('line.resolution', '=', '')]);
      const claims = eb.and([eb('line.kind', '=', 'voided'), eb('line.resolution', '=', 'writtenOff')]);
      const change = (when: ReturnType<typeof eb.and>) =>
        eb.fn.sum<number>(eb.case().when(when).then(eb.ref('line.cost_change')).else(0).end());
      return [
        count(unmatched).as('unmatched_lines'),
        amount(unmatched).as('unmatched'),
        count(duplicate).as('duplicate_lines'),
        amount(duplicate).as('duplicates'),
        count(unposted).as('unposted_lines'),
        change(unposted).as('unposted'),
        count(eb.and([eb('line.dispute', '=', 'open')])).as('open_disputes'),
        count(voided).as('voided_lines'),
        change(voided).as('voided'),
        count(claims).as('claim_lines'),
        change(claims).as('claims'),
      ];
    })
    .executeTakeFirstOrThrow();
}
