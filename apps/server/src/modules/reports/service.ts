/** The statistics of docs/spec.md §7 (issue 13; docs/api.md "Statistics"): figures per period, day and seller. */
import { formatCents } from '@parcelport/shared';
import type { StatisticsPeriod } from '@parcelport/shared/contracts/reports/schemas';
import type { AppContext } from '../../context.ts';
import { forbidden, invalidFields } from '../../http/errors.ts';
import type { Scope } from '../../http/scope.ts';
import { DAY_MS, perDay, perDayAndCustomerOf, perDayAndSeller, type Span, sellerFigures, totals } from './repo.ts';

const spanOf = (period: StatisticsPeriod): Span => ({
  from: Date.parse(period.from),
  to: Date.parse(period.to) + DAY_MS,
});
const dayText = (day: number | string) => new Date(Number(day) * DAY_MS).toISOString().slice(0, 10);

export async function salesAndOrders(ctx: AppContext, scope: Scope, period: StatisticsPeriod) {
  const figures = await totals(ctx.db, scope, spanOf(period));
  return { ...figures, sales: formatCents(figures.sales), refunds: formatCents(figures.refunds) };
}

/** Every day of the period with its labels and sales, days without any as zeros (a chart's x axis). */
export async function dailyOrderQuantity(ctx: AppContext, scope: Scope, period: StatisticsPeriod) {
  const span = spanOf(period);
  const rows = new Map((await perDay(ctx.db, scope, span)).map((row) => [Number(row.day), row]));
  const days = [];
  for (let day = span.from / DAY_MS; day < span.to / DAY_MS; day += 1) {
    const row = rows.get(day);
    days.push({ day: dayText(day), labels: Number(row?.labels ?? 0), sales: formatCents(Number(row?.sales ?? 0)) });
  }
  return days;
}

export async function dailyAmountBySeller(ctx: AppContext, scope: Scope, period: StatisticsPeriod) {
  const rows = await perDayAndSeller(ctx.db, scope, spanOf(period));
  return rows
    .map((row) => ({
      day: dayText(row.day),
      sellerId: row.seller_id,
      seller: row.seller,
      labels: Number(row.labels),
      sales: formatCents(Number(row.sales ?? 0)),
    }))
    .sort((a, b) => a.day.localeCompare(b.day) || (a.seller ?? '').localeCompare(b.seller ?? ''));
}

/** A seller's customers day by day: staff name the seller; a seller's own call covers itself only. */
export async function sellerUserDayStatistics(ctx: AppContext, scope: Scope, period: StatisticsPeriod) {
  const sellerId = scope.ownerId ?? period.sellerId;
  if (sellerId === undefined) throw invalidFields({ sellerId: 'fieldRequired' });
  if (scope.ownerId !== undefined && period.sellerId !== undefined && period.sellerId !== scope.ownerId)
    throw forbidden();
  const rows = await perDayAndCustomerOf(ctx.db, scope, spanOf(period), sellerId);
  return rows
    .map((row) => ({
      day: dayText(row.day),
      userId: row.user_id,
      username: row.username,
      labels: Number(row.labels),
      sales: formatCents(Number(row.sales ?? 0)),
    }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.username.localeCompare(b.username));
}

export async function sellerPerformanceStatistics(ctx: AppContext, scope: Scope, period: StatisticsPeriod) {
  const rows = await sellerFigures(ctx.db, scope, spanOf(period));
  return rows.map((row) => ({ ...row, sales: formatCents(row.sales) }));
}
