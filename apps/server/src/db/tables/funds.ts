import type { Generated } from 'kysely';

export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  balance: Generated<number>;
  earnest_balance: Generated<number>;
  deposit_balance: Generated<number>;
  refund_amount: Generated<number>;
  credit_limit: Generated<number>;
  updated_at: number;
}

export interface BalanceLogsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  type: number;
  /** Change of the available balance (negative takes money out). */
  amount: number;
  earnest_amount: Generated<number>;
  deposit_amount: Generated<number>;
  balance_after: number;
  earnest_after: number;
  deposit_after: number;
  reference_type: string | null;
  reference_id: number | null;
  reference_no: string | null;
  actor_id: number | null;
  remark: Generated<string>;
  created_at: number;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  payment_method: string;
  forecast_amount: number;
  actual_amount: number | null;
  voucher_id: number | null;
  status: Generated<number>;
  remark: Generated<string>;
  audit_remark: Generated<string>;
  auditor_id: number | null;
  submitted_at: number;
  arrived_at: number | null;
  audited_at: number | null;
}

/** The tables modules/funds writes, by name (test/table-owners.test.ts). */
export interface FundsTables {
  wallets: WalletsTable;
  balance_logs: BalanceLogsTable;
  recharges: RechargesTable;
}
