import { DAY_MS, formatCents } from '@parcelport/shared';
import type { ReconciliationView } from '@parcelport/shared/contracts/bills/index';
import type { Db } from '../../db/index.ts';
import { agedRefundsOwed } from '../settlement/index.ts';
import { labelDays, postedLineDays, unexplainedLines } from './reconciliation-repo.ts';

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
  const [labels, lines, unexplained, carrierRefunds] = await Promise.all([
    labelDays(db, channelId, from, to),
    postedLineDays(db, channelId, from, to),
    unexplainedLines(db, channelId, from, to),
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
