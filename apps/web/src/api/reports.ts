import type { WalletCurrency } from '@parcelport/shared';
import { type AnswerOf, pathOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/reports/index';

/** A period of whole UTC days, both included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/** The workplace's figures: the caller's own, or (staff holding adminList) every account in reach. */
export type WorkplaceFigures = AnswerOf<typeof contracts.ownWorkplace>;

/** A period of the statistics in one wallet currency (their amounts are never added across currencies). */
export interface StatisticsPeriod extends Period {
  currency: WalletCurrency;
}

/** The financial report's workbook (same period, every wallet currency in it), for ExportButton. */
export const STATISTICS_EXPORT = pathOf(contracts.exportStatistics);
