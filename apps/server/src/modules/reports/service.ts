/** The statistics of docs/spec.md §7 (issue 13; docs/api.md "Statistics"): figures per period, day and seller. */
import { DAY_MS, formatCents, type Locale, type WalletCurrency } from '@parcelport/shared';
import type { Period } from '@parcelport/shared/contracts/reports/schemas';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden, invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { sendWorkbook, sheetOf } from '../../documents/xlsx.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import {
  openWorkOrders,
  ordersInFlight,
  perDay,
  perDayAndCustomerOf,
  perDayAndSeller,
  type Span,
  sellerFigures,
  totals,
} from './repo.ts';

/** A period of the statistics: its days, the wallet currency summed (USD when not named), the seller asked about. */
type Asked = Period & { currency?: WalletCurrency | undefined; sellerId?: number | undefined };

const spanOf = (period: Asked): Span => ({
  from: Date.parse(period.from),
  to: Date.parse(period.to) + DAY_MS,
  currency: period.currency ?? 'USD',
});
const dayText = (day: number | string) => new Date(Number(day) * DAY_MS).toISOString().slice(0, 10);
/**
 * Code-unit order of day texts and account names: a year of a platform's rows is some ten thousand, and
 * localeCompare over them cost more than reading them.
 */
const inOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function salesAndOrders(ctx: AppContext, scope: Scope, period: Asked) {
  const figures = await totals(ctx.db, scope, spanOf(period));
  return { ...figures, sales: formatCents(figures.sales), refunds: formatCents(figures.refunds) };
}

/** Every day of the period with its labels and sales, days without any as zeros (a chart's x axis). */
export async function dailyOrderQuantity(ctx: AppContext, scope: Scope, period: Asked) {
  const span = spanOf(period);
  const rows = new Map((await perDay(ctx.db, scope, span)).map((row) => [Number(row.day), row]));
  const days = [];
  for (let day = span.from / DAY_MS; day < span.to / DAY_MS; day += 1) {
    const row = rows.get(day);
    days.push({
      day: dayText(day),
      currency: span.currency,
      labels: Number(row?.labels ?? 0),
      sales: formatCents(Number(row?.sales ?? 0)),
    });
  }
  return days;
}

export async function dailyAmountBySeller(ctx: AppContext, scope: Scope, period: Asked) {
  const span = spanOf(period);
  const rows = await perDayAndSeller(ctx.db, scope, span);
  return rows
    .map((row) => ({
      day: dayText(row.day),
      sellerId: row.seller_id,
      seller: row.seller,
      currency: span.currency,
      labels: Number(row.labels),
      sales: formatCents(Number(row.sales ?? 0)),
    }))
    .sort((a, b) => inOrder(a.day, b.day) || inOrder(a.seller ?? '', b.seller ?? ''));
}

/** A seller's customers day by day: staff name the seller; a seller's own call covers itself only. */
export async function sellerUserDayStatistics(ctx: AppContext, scope: Scope, period: Asked) {
  const sellerId = scope.ownerId ?? period.sellerId;
  if (sellerId === undefined) throw invalidFields({ sellerId: 'fieldRequired' });
  if (scope.ownerId !== undefined && period.sellerId !== undefined && period.sellerId !== scope.ownerId)
    throw forbidden();
  const span = spanOf(period);
  const rows = await perDayAndCustomerOf(ctx.db, scope, span, sellerId);
  return rows
    .map((row) => ({
      day: dayText(row.day),
      userId: row.user_id,
      username: row.username,
      currency: span.currency,
      labels: Number(row.labels),
      sales: formatCents(Number(row.sales ?? 0)),
    }))
    .sort((a, b) => inOrder(a.day, b.day) || inOrder(a.username, b.username));
}

export async function sellerPerformanceStatistics(ctx: AppContext, scope: Scope, period: Asked) {
  const span = spanOf(period);
  const rows = await sellerFigures(ctx.db, scope, span);
  return rows.map((row) => ({ ...row, currency: span.currency, sales: formatCents(row.sales) }));
}

/** The workplace: the period's days, and what waits now (drafts, labels in flight, open work orders). */
export async function workplace(ctx: AppContext, scope: Scope, period: Period) {
  const [days, inFlight, workOrders] = await Promise.all([
    dailyOrderQuantity(ctx, scope, period),
    ordersInFlight(ctx.db, scope),
    openWorkOrders(ctx.db, scope),
  ]);
  return { days, ...inFlight, openWorkOrders: workOrders };
}

/**
 * The financial report as a workbook (GET /admin/statistics/down): the screen's figures, sheet by sheet, for
 * every wallet currency with labels or refunds in the period (USD always), each row naming its wallet.
 */
export async function exportStatistics(
  ctx: AppContext,
  reply: FastifyReply,
  scope: Scope,
  period: Period,
  locale: Locale,
) {
  // Read before the download starts: a failed read is then an error answer, not a cut file.
  const { currencies } = await salesAndOrders(ctx, scope, period);
  const perCurrency = await Promise.all(
    currencies.map(async (currency) => {
      const asked = { ...period, currency };
      const [sums, days, daysBySeller, sellers] = await Promise.all([
        salesAndOrders(ctx, scope, asked),
        dailyOrderQuantity(ctx, scope, asked),
        dailyAmountBySeller(ctx, scope, asked),
        sellerPerformanceStatistics(ctx, scope, asked),
      ]);
      return { sums, days, daysBySeller, sellers };
    }),
  );
  const figures: [MessageKey, string, string | number][] = perCurrency.flatMap(({ sums }) => [
    ['figurePeriod', sums.currency, `${period.from} – ${period.to}`],
    ['figureLabels', sums.currency, sums.labels],
    ['figureSales', sums.currency, Number(sums.sales)],
    ['figureCustomers', sums.currency, sums.customers],
    ['figureRefunds', sums.currency, Number(sums.refunds)],
  ]);
  const wallet = { header: 'colWallet', width: 10, value: (r: { currency: string }) => r.currency } as const;
  return sendWorkbook(reply, `statistics-${period.from}-${period.to}.xlsx`, locale, [
    sheetOf('sheetTotals', figures, [
      { header: 'colFigure', width: 24, value: ([key]) => translate(key, locale) },
      { header: 'colWallet', width: 10, value: ([, currency]) => currency },
      { header: 'colValue', width: 26, value: ([, , value]) => value },
    ]),
    sheetOf(
      'sheetDaily',
      perCurrency.flatMap((one) => one.days),
      [
        { header: 'colDay', width: 14, value: (r) => r.day },
        wallet,
        { header: 'colLabels', width: 10, value: (r) => r.labels },
        { header: 'colSales', width: 14, value: (r) => Number(r.sales) },
      ],
    ),
    sheetOf(
      'sheetDailyBySeller',
      perCurrency.flatMap((one) => one.daysBySeller),
      [
        { header: 'colDay', width: 14, value: (r) => r.day },
        { header: 'colSeller', width: 24, value: (r) => r.seller ?? translate('platformCustomers', locale) },
        wallet,
        { header: 'colLabels', width: 10, value: (r) => r.labels },
        { header: 'colSales', width: 14, value: (r) => Number(r.sales) },
      ],
    ),
    sheetOf(
      'sheetSellers',
      perCurrency.flatMap((one) => one.sellers),
      [
        { header: 'colSeller', width: 24, value: (r) => r.seller },
        wallet,
        { header: 'colCustomers', width: 12, value: (r) => r.customers },
        { header: 'colActiveCustomers', width: 18, value: (r) => r.activeCustomers },
        { header: 'colLabels', width: 10, value: (r) => r.labels },
        { header: 'colSales', width: 14, value: (r) => Number(r.sales) },
      ],
    ),
  ]);
}
