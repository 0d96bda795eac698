import { pathOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/funds/index';
import { type CallOptions, call } from './call';

/**
 * Recharges, ledgers and their integrity reports (/postage/…, /adminSettings/customer/…). The shapes are the
 * contracts' (packages/shared/src/contracts/funds).
 */
export type {
  BalanceLog,
  DoubtfulOrder,
  DoubtfulWallet,
  LedgerPage,
  RechargeRecord,
  Totals,
} from '@parcelport/shared/contracts/funds/schemas';

/** Date filters: `from` inclusive, `to` exclusive (ISO dates or times). */
export interface Period {
  from?: string;
  to?: string;
}

export interface RechargeFilter extends Period {
  status?: number;
  currency?: string;
  keyword?: string;
}

export interface LedgerFilter extends Period {
  /** Fund types, sent as a comma list. */
  types?: readonly number[];
  currency?: string;
  keyword?: string;
  userId?: number;
}

export interface Paging {
  page: number;
  pageSize: number;
}

type Params = Record<string, string | number | undefined>;

export function rechargeParams(filter: RechargeFilter): Params {
  return {
    status: filter.status,
    currency: filter.currency,
    keyword: filter.keyword,
    from: filter.from,
    to: filter.to,
  };
}

export function ledgerParams(filter: LedgerFilter): Params {
  return {
    type: filter.types?.length ? filter.types.join(',') : undefined,
    currency: filter.currency,
    keyword: filter.keyword,
    userId: filter.userId,
    from: filter.from,
    to: filter.to,
  };
}

/** The xlsx exports of the lists (same filters as the list), for ExportButton. */
export const RECHARGE_EXPORTS = {
  mine: pathOf(contracts.exportMyRecharges),
  all: pathOf(contracts.exportAllRecharges),
} as const;
export const LEDGER_EXPORTS = {
  mine: pathOf(contracts.exportMyLedger),
  postage: pathOf(contracts.exportMyPostage),
  all: pathOf(contracts.exportAllLedger),
} as const;

// ── customer ──────────────────────────────────────────────────────────────────────────────────────────

export const listMyRecharges = (filter: RechargeFilter, paging: Paging) =>
  call(contracts.listMyRecharges, { query: { ...paging, ...rechargeParams(filter) } });

export const listMyLedger = (filter: LedgerFilter, paging: Paging) =>
  call(contracts.listMyLedger, { query: { ...paging, ...ledgerParams(filter) } });

export const listPostage = (filter: LedgerFilter, paging: Paging) =>
  call(contracts.listMyPostage, { query: { ...paging, ...ledgerParams(filter) } });

// ── staff ─────────────────────────────────────────────────────────────────────────────────────────────

export const listAllRecharges = (filter: RechargeFilter, paging: Paging) =>
  call(contracts.listAllRecharges, { query: { ...paging, ...rechargeParams(filter) } });

export type Review = contracts.ReviewInput;

export const listAllLedger = (filter: LedgerFilter, paging: Paging, options: CallOptions = {}) =>
  call(contracts.listAllLedger, { query: { ...paging, ...ledgerParams(filter) } }, options);
