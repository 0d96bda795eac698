import type { Generated } from 'kysely';

/** A merchant's rule (0100, modules/rules): conditions and actions are JSON of contracts/rules/schemas.ts. */
export interface OrderRulesTable {
  id: Generated<number>;
  user_id: number;
  position: number;
  name: string;
  active: Generated<number>;
  /** 'first': no later rule runs after this one matched; 'all': later rules run too. */
  match_mode: string;
  conditions: string;
  actions: string;
  created_at: number;
  updated_at: number;
}

/** The tables modules/rules writes, by name (test/table-owners.test.ts). */
export interface RulesTables {
  order_rules: OrderRulesTable;
}
