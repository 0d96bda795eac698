import { DAY_MS, formatCents, LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { ReconciliationView } from '@parcelport/shared/contracts/bills/index';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { agedRefundsOwed } from '../orders/index.ts';

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Figures {
  labels: number;
  cost: number;
  charged: number;
  adjustments: number;
  credits: number;
  merchantCharged: number;
  merchantRefunded: number;
  owed: number;
  notBilled: number;
}

const zero = (): Figures => ({
  labels: 0,
  cost: 0,
  charged: 0,
  adjustments: 0,
  credits: 0,
  merchantCharged: 0,
  merchantRefunded: 0,
  owed: 0,
  notBilled: 0,
});

function shown(f: Figures) {
  const margin = f.charged + f.merchantCharged - f.merchantRefunded - (f.cost + f.adjustments - f.credits);
  return {
    labels: f.labels,
    cost: formatCents(f.cost),
    charged: formatCents(f.charged),
    adjustments: formatCents(f.adjustments),
    credits: formatCents(f.credits),
    merchantCharged: formatCents(f.merchantCharged),
    merchantRefunded: formatCents(f.merchantRefunded),
    owed: formatCents(f.owed),
    margin: formatCents(margin),
    notBilled: f.notBilled,
  };
}

/**
 * A channel's paid labels by the UTC day they were bought, against the bill lines posted for them: what the
 * carrier was recorded to cost and then billed more or credited, what the merchants paid and were charged
 * or refunded by the bills (as their ledgers moved: an accepted dispute's charge given back), and the margin
 * left. Beside them, what the channel's bills uploaded in the span leave unexplained: lines matching no
 * label, lines the carrier billed twice, lines not posted yet, open disputes, lines billed on voided labels
 * staff have not decided; the voided lines written off as claims against the carrier; and what the carrier
 * owes now for voided labels, by age.
 */
export async function reconcile(
  db: Db,
  channelId: number,
  span: { from: string; to: string },
): Promise<ReconciliationView> {
  const from = Date.parse(span.from);
  const to = Date.parse(span.to) + DAY_MS;
  // A literal, not a parameter: SQLite would divide by a bound number as a real, and days would not group.
  const day = sql<number>`orders.label_created_at / ${sql.lit(DAY_MS)}`;
  // Live labels only: a carrier never bills a test label, and figures never count one (issue 31).
  const labelsOfSpan = db
    .selectFrom('orders')
    .where('orders.channel_id', '=', channelId)
    .where('orders.is_test', '=', 0)
    .where('orders.status', 'in', [...LABEL_PAID_STATUSES])
    .where('orders.label_created_at', '>=', from)
    .where('orders.label_created_at', '<', to);
  const [labels, lines, unexplained, carrierRefunds] = await Promise.all([
    labelsOfSpan
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
      .execute(),
    labelsOfSpan
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
          sumWhen(eb.and([standing, eb('line.merchant_change', '>', 0)]), eb.ref('line.merchant_change')).as(
            'deducted',
          ),
          sumWhen(standing, eb.ref('line.penalty')).as('penalties'),
          sumWhen(eb('line.dispute', '=', 'accepted'), eb.ref('line.taken')).as('given_back'),
          negative('line.merchant_change').as('refunded'),
          eb.fn.sum<number>(eb.fn.coalesce('line.owed', eb.lit(0))).as('owed'),
        ];
      })
      .groupBy(day)
      .execute(),
    db
      .selectFrom('carrier_bill_lines as line')
      .innerJoin('carrier_bills as bill', 'bill.id', 'line.bill_id')
      .where('bill.channel_id', '=', channelId)
      .where('bill.created_at', '>=', from)
      .where('bill.created_at', '<', to)
      .select((eb) => {
        const count = (when: ReturnType<typeof eb.and>) =>
          eb.fn.sum<number>(eb.case().when(when).then(1).else(0).end());
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
      .executeTakeFirstOrThrow(),
    agedRefundsOwed(db, channelId),
  ]);

  const byDay = new Map<number, Figures>();
  const of = (key: number | string) => {
    const dayNumber = Number(key);
    const figures = byDay.get(dayNumber) ?? zero();
    byDay.set(dayNumber, figures);
    return figures;
  };
  for (const row of labels) {
    const f = of(row.day);
    f.labels = Number(row.labels);
    f.cost = Number(row.cost ?? 0);
    f.charged = Number(row.charged ?? 0);
    f.notBilled = Number(row.not_billed ?? 0);
  }
  for (const row of lines) {
    const f = of(row.day);
    f.adjustments = Number(row.adjustments ?? 0);
    f.credits = -Number(row.credits ?? 0);
    f.merchantCharged = Number(row.deducted ?? 0) + Number(row.penalties ?? 0) + Number(row.given_back ?? 0);
    f.merchantRefunded = -Number(row.refunded ?? 0) + Number(row.given_back ?? 0);
    f.owed = Number(row.owed ?? 0);
  }
  const totals = zero();
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, f]) => {
      for (const name of Object.keys(totals) as (keyof Figures)[]) totals[name] += f[name];
      return { day: dayText(key), ...shown(f) };
    });
  const n = (value: unknown) => Number(value ?? 0);
  return {
    days,
    totals: shown(totals),
    unexplained: {
      unmatchedLines: n(unexplained.unmatched_lines),
      unmatched: formatCents(n(unexplained.unmatched)),
      duplicateLines: n(unexplained.duplicate_lines),
      duplicates: formatCents(n(unexplained.duplicates)),
      unpostedLines: n(unexplained.unposted_lines),
      unposted: formatCents(n(unexplained.unposted)),
      openDisputes: n(unexplained.open_disputes),
      voidedLines: n(unexplained.voided_lines),
      voided: formatCents(n(unexplained.voided)),
    },
    claims: { lines: n(unexplained.claim_lines), amount: formatCents(n(unexplained.claims)) },
    carrierRefunds,
  };
}
