import type { Generated } from 'kysely';

export interface PriceRulesTable {
  id: Generated<number>;
  name: string;
  channel_id: number | null;
  service_id: number | null;
  percent_bp: Generated<number>;
  fixed_cents: Generated<number>;
  is_default: Generated<number>;
  status: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UserPriceRulesTable {
  user_id: number;
  rule_id: number;
}

/** The tables modules/pricing writes, by name (test/table-owners.test.ts). */
export interface PricingTables {
  price_rules: PriceRulesTable;
  user_price_rules: UserPriceRulesTable;
}
