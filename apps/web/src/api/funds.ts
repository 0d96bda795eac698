import type { PaymentMethod, WalletCurrency } from '@parcelport/shared';
import { http } from './request';
import type { Money, Page } from './types';

/** A recharge record (GET /api/app/user/recharge/list, /api/admin/recharge/list). */
export interface RechargeRecord {
  id: number;
  userId: number;
  username: string;
  currency: string;
  paymentMethod: string;
  forecastAmount: Money;
  actualAmount: Money | null;
  /** `/api/app/attachment/{id}`: needs the bearer token, so it is fetched as a blob. */
  voucherUrl: string | null;
  /** 0 pending review, 1 approved, 2 rejected. */
  status: number;
  remark: string;
  auditRemark: string;
  submittedAt: string;
  arrivedAt: string | null;
  auditedAt: string | null;
}

/** A ledger row (GET /api/app/balance/log/list, /api/app/postage/list, /api/admin/balance/log/list). */
export interface BalanceLog {
  id: number;
  userId: number;
  email: string;
  currency: string;
  type: number;
  /** Change of available funds. */
  amount: Money;
  earnestAmount: Money;
  depositAmount: Money;
  balanceAfter: Money;
  earnestAfter: Money;
  depositAfter: Money;
  referenceType: string | null;
  referenceNo: string | null;
  remark: string;
  time: string;
}

export interface Totals {
  income: Money;
  expense: Money;
  net: Money;
}

export type LedgerPage = Page<BalanceLog> & { totals: Totals };

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

export interface DoubtfulWallet {
  userId: number;
  username: string;
  currency: string;
  balance: Money;
  ledgerBalance: Money;
  earnestBalance: Money;
  ledgerEarnest: Money;
  depositBalance: Money;
  ledgerDeposit: Money;
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

// ── customer ──────────────────────────────────────────────────────────────────────────────────────────

export interface RechargeInput {
  currency: WalletCurrency;
  paymentMethod: PaymentMethod;
  /** Decimal string with at most two places. */
  amount: string;
  voucherId?: number;
  remark: string;
}

export function submitRecharge(input: RechargeInput) {
  return http.post<{ id: number }>('/app/user/recharge', input);
}

export function listMyRecharges(filter: RechargeFilter, paging: Paging) {
  return http.get<Page<RechargeRecord>>('/app/user/recharge/list', { ...paging, ...rechargeParams(filter) });
}

export function listMyLedger(filter: LedgerFilter, paging: Paging) {
  return http.get<LedgerPage>('/app/balance/log/list', { ...paging, ...ledgerParams(filter) });
}

export function listPostage(filter: LedgerFilter, paging: Paging) {
  return http.get<LedgerPage>('/app/postage/list', { ...paging, ...ledgerParams(filter) });
}

// ── staff ─────────────────────────────────────────────────────────────────────────────────────────────

export function listAllRecharges(filter: RechargeFilter, paging: Paging) {
  return http.get<Page<RechargeRecord>>('/admin/recharge/list', { ...paging, ...rechargeParams(filter) });
}

export type Review =
  | { id: number; approve: true; actualAmount: string; remark: string }
  | { id: number; approve: false; reason: string };

export function reviewRecharge(review: Review) {
  return http.post<null>('/admin/recharge/approve', review);
}

export function adjustBalance(input: { userId: number; currency: WalletCurrency; amount: string; remark: string }) {
  return http.post<{ balanceAfter: Money }>('/admin/balance/adjust', input);
}

export function setCreditLimit(input: { userId: number; currency: WalletCurrency; creditLimit: string }) {
  return http.post<null>('/admin/wallet/creditLimit', input);
}

export function listAllLedger(filter: LedgerFilter, paging: Paging, options: { isHideMsg?: boolean } = {}) {
  return http.get<LedgerPage>('/admin/balance/log/list', { ...paging, ...ledgerParams(filter) }, options);
}

export function listDoubtfulWallets() {
  return http.get<DoubtfulWallet[]>('/admin/balance/doubtful');
}

/** An order whose ledger rows do not add up to what it was charged (GET /api/admin/balance/doubtfulOrders). */
export interface DoubtfulOrder {
  orderId: number;
  orderNo: string;
  userId: number;
  status: number;
  net: Money;
  expected: Money;
  earnestNet: Money;
  expectedEarnest: Money;
}

export function listDoubtfulOrders() {
  return http.get<DoubtfulOrder[]>('/admin/balance/doubtfulOrders');
}
