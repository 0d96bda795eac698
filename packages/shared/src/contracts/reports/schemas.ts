import { z } from 'zod';
import { WALLETS } from '../../constants.ts';
import { moneyView } from '../money.ts';

/**
 * The statistics of docs/spec.md §7 (issue 13): labels bought and still paid for, counted on the day they were
 * bought (UTC), and what they cost the customers (price and insurance), within the caller's reach. Amounts are
 * per wallet currency, never added across currencies: each call sums the currency asked (USD by default) and
 * every amount it answers carries that currency.
 */

const day = z.iso.date('dateInvalid');

/** A period's rules: `from` to `to` inclusive (UTC), at most 366 days. */
type Days = { from: string; to: string };
const FROM_NOT_AFTER_TO: [(period: Days) => boolean, { message: string; path: string[] }] = [
  (period) => period.from <= period.to,
  { message: 'periodInvalid', path: ['to'] },
];
const AT_MOST_A_YEAR: [(period: Days) => boolean, { message: string; path: string[] }] = [
  (period) => Date.parse(period.to) - Date.parse(period.from) <= 365 * 86_400_000,
  { message: 'periodTooLong', path: ['to'] },
];

/** The wallet currency whose labels and refunds a call sums. */
export const statisticsCurrency = z
  .enum(WALLETS)
  .default('USD')
  .describe('the wallet currency summed (USD by default)');
const currencyView = z.enum(WALLETS).describe('the wallet currency of the amounts');

/**
 * A period of whole days in one wallet currency; `sellerId` names the seller whose customers a staff member
 * asks about.
 */
export const statisticsBody = z
  .object({ from: day, to: day, sellerId: z.number().int().positive().optional(), currency: statisticsCurrency })
  .refine(...FROM_NOT_AFTER_TO)
  .refine(...AT_MOST_A_YEAR);
export type StatisticsPeriod = z.output<typeof statisticsBody>;

/** The period alone: the workplace and the statistics export (a query string). */
export const periodQuery = z
  .object({ from: day, to: day })
  .refine(...FROM_NOT_AFTER_TO)
  .refine(...AT_MOST_A_YEAR);
export type Period = z.output<typeof periodQuery>;

export const salesTotals = z.object({
  currency: currencyView,
  currencies: z
    .array(z.enum(WALLETS))
    .describe('the wallet currencies with labels or refunds in the period and reach (USD always), for a picker'),
  labels: z.number(),
  sales: moneyView.describe('price and insurance of the labels'),
  customers: z.number().describe('customers who bought at least one label'),
  refunds: moneyView.describe('refunds written in the period'),
});

export const dailyQuantity = z.array(
  z.object({ day: z.string(), currency: currencyView, labels: z.number(), sales: moneyView }),
);

export const dailyBySeller = z.array(
  z.object({
    day: z.string(),
    sellerId: z.number().nullable().describe("null: the platform's own customers"),
    seller: z.string().nullable(),
    currency: currencyView,
    labels: z.number(),
    sales: moneyView,
  }),
);

export const sellerCustomerDays = z.array(
  z.object({
    day: z.string(),
    userId: z.number(),
    username: z.string(),
    currency: currencyView,
    labels: z.number(),
    sales: moneyView,
  }),
);

export const sellerPerformance = z.array(
  z.object({
    sellerId: z.number(),
    seller: z.string(),
    customers: z.number().describe('customers registered under the seller'),
    activeCustomers: z.number().describe('of them, those who bought in the period (in the currency asked)'),
    currency: currencyView,
    labels: z.number(),
    sales: moneyView,
  }),
);

/** The workplace's figures (docs/spec.md §2 "daily consumption and order charts"), within the caller's reach. */
export const workplaceFigures = z.object({
  /** Each day's `sales` is '' for a team member without the `money` permission. */
  days: dailyQuantity,
  drafts: z.number().describe('orders saved as drafts, not yet bought'),
  awaitingPickup: z.number().describe('labels bought, not yet scanned by the carrier'),
  inTransit: z.number(),
  openWorkOrders: z.number().describe('work orders being processed'),
});
