import type { Db } from '../../db/index.ts';
import { rulesForUser } from './rules.ts';

export interface PriceRule {
  id: number;
  channelId: number | null;
  serviceId: number | null;
  percentBp: number;
  fixedCents: number;
  isDefault: boolean;
}

export interface Priced {
  priceCents: number;
  ruleId: number | null;
}

/**
 * The markup a user pays on a service's carrier cost. The most specific rule wins: a rule related to the
 * user before a default rule, and within each, a service rule before a channel rule before a global one.
 */
export async function loadPricing(
  db: Db,
  userId: number,
): Promise<(channelId: number, serviceId: number, costCents: number) => Priced> {
  const rows = await rulesForUser(db, userId);
  const specificity = (row: (typeof rows)[number]) =>
    (row.user_id !== null ? 10 : 0) + (row.service_id !== null ? 2 : row.channel_id !== null ? 1 : 0);
  const ranked = [...rows].sort((a, b) => specificity(b) - specificity(a) || b.id - a.id);
  return (channelId, serviceId, costCents) => {
    const rule = ranked.find(
      (row) =>
        (row.service_id === null || row.service_id === serviceId) &&
        (row.channel_id === null || row.channel_id === channelId),
    );
    if (!rule) return { priceCents: costCents, ruleId: null };
    return {
      priceCents: costCents + Math.round((costCents * rule.percent_bp) / 10_000) + rule.fixed_cents,
      ruleId: rule.id,
    };
  };
}
