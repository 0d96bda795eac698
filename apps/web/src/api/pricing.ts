import { http } from './request';

/** A price rule (GET /api/admin/compute/getInfo): a markup on the carrier cost for a scope. */
export interface PriceRule {
  id: number;
  name: string;
  /** Null: every channel. */
  channelId: number | null;
  /** Null: every service of the scope. */
  serviceId: number | null;
  /** Markup percentage, e.g. "12.50". */
  percent: string;
  /** Fixed markup per order, e.g. "0.50". */
  fixed: string;
  /** A default rule applies to every customer; others only to the users related to them. */
  isDefault: boolean;
  status: number;
  updatedAt: string;
  users: { id: number; username: string }[];
}

export interface PriceRuleInput {
  id?: number;
  name: string;
  channelId: number | null;
  serviceId: number | null;
  percent: string;
  fixed: string;
  isDefault: boolean;
  status: number;
}

export function listPriceRules() {
  return http.get<PriceRule[]>('/admin/compute/getInfo');
}

export function savePriceRule(input: PriceRuleInput) {
  return http.post<{ id: number }>('/admin/compute/addOrUpdate', input);
}

export function addUserToRule(userId: number, ruleId: number) {
  return http.post<null>('/admin/addUserPriceRuleRelation', { userId, ruleId });
}

export function removeUserFromRule(userId: number, ruleId: number) {
  return http.post<null>('/admin/delUserPriceRuleRelation', { userId, ruleId });
}
