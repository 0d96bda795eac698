import { proxyPrice } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { markupOfProxy, type ProxyMarkup, proxyOfCustomer } from '../users/index.ts';
import { rulesForUser } from './repo.ts';

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
  /** For a proxy's customer: the proxy, and its commission in the price (the price minus the proxy's own). */
  proxy?: { id: number; commissionCents: number };
}

type Pricing = (channelId: number, serviceId: number, costCents: number) => Priced;

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

/** The platform's price for the proxy with the proxy's markup on top: what its customers pay. */
function withMarkup(platform: Pricing, markup: ProxyMarkup): Pricing {
  return (channelId, serviceId, costCents) => {
    const base = platform(channelId, serviceId, costCents);
    // Never below the platform's price: a commission is credited, never debited.
    const priceCents = Math.max(base.priceCents, proxyPrice(base.priceCents, markup));
    return {
      priceCents,
      ruleId: base.ruleId,
      proxy: { id: markup.proxyId, commissionCents: priceCents - base.priceCents },
    };
  };
}

/**
 * What a customer pays (issue 13): a proxy's customer pays the platform's price for the proxy (the proxy's
 * own rules) plus the proxy's markup, and rules related to the customer itself do not apply; anyone else
 * pays their own price (`loadPricing`).
 */
export async function loadCustomerPricing(db: Db, userId: number): Promise<Pricing> {
  const proxy = await proxyOfCustomer(db, userId);
  if (!proxy) return loadPricing(db, userId);
  return withMarkup(await loadPricing(db, proxy.proxyId), proxy);
}

/** The price of a label bought through this proxy, at the proxy's markup now (a carrier's bill settles with it). */
export async function loadProxyPricing(db: Db, proxyId: number): Promise<Pricing> {
  return withMarkup(await loadPricing(db, proxyId), await markupOfProxy(db, proxyId));
}
