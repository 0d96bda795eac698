/**
 * Adjustment risk before the label (issue 30): carriers bill weight and size corrections weeks later, and the
 * bills module matches them to labels. From a merchant's matched corrections this learns, per SKU and per
 * package (the declared sides a package template gives), how often and by how much the carrier corrected
 * what was declared, and flags an order about to be bought whose SKU (else package) is usually corrected,
 * with the extra it may expect and the measures the carrier billed last time.
 *
 * An order's SKU is read from its items (from a store, an import or the API) and its options (`extra.sku`,
 * `extra.items[].sku`): an order of one SKU is judged by that SKU's history, any other by its package's.
 */
import { formatCents, type MassUnit, toOunces } from '@parcelport/shared';
import type { AdjustmentRisk, AdjustmentRiskAnswer } from '@parcelport/shared/contracts/orders/index';
import { invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { ordersWithParcels } from '../orders/index.ts';
import { chargedCorrections, ordersInScope, recentPaidLabels } from './adjustment-risk-repo.ts';

/** How much history a SKU or package needs before it is judged: labels bought, corrections among them. */
const MIN_LABELS = 2;
const MIN_CORRECTED = 2;
/** Flagged when at least this share of its labels was corrected. */
const MIN_SHARE = 0.5;
/** The newest bought labels a merchant's history is learnt from. */
const HISTORY_LABELS = 5_000;

type Basis = AdjustmentRisk['basis'];

interface OrderShape {
  extra: string;
  /** The order's items column (JSON). */
  items: string;
  parcel: { length: number; width: number; height: number; distance_unit: string } | undefined;
}

/** A JSON column as written, or `fallback` when it does not read. */
function parsed<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The one SKU an order holds (its items', or its options' `sku`, when all are one SKU); null otherwise. */
export function skuOf(extraText: string, itemsText = '[]'): string | null {
  const extra = parsed<{ sku?: unknown; items?: unknown }>(extraText || '{}', {});
  const items = [
    ...parsed<unknown[]>(itemsText || '[]', []),
    ...(Array.isArray(extra.items) ? (extra.items as unknown[]) : []),
  ];
  const skus = new Set<string>();
  if (typeof extra.sku === 'string' && extra.sku.trim()) skus.add(extra.sku.trim());
  for (const item of items as { sku?: unknown }[]) {
    if (typeof item?.sku === 'string' && item.sku.trim()) skus.add(item.sku.trim());
  }
  return skus.size === 1 ? ([...skus][0] as string) : null;
}

/** A package as its declared sides: "12 x 10 x 8 in". */
const packageOf = (parcel: OrderShape['parcel']) =>
  parcel ? `${parcel.length} x ${parcel.width} x ${parcel.height} ${parcel.distance_unit}` : '';

const keysOf = (order: OrderShape): { basis: Basis; key: string }[] => {
  const sku = skuOf(order.extra, order.items);
  const box = packageOf(order.parcel);
  return [
    ...(sku ? [{ basis: 'sku' as const, key: sku }] : []),
    ...(box ? [{ basis: 'package' as const, key: box }] : []),
  ];
};

/** What a SKU's or package's labels tell: how many, how many corrected, the extra charged, the last billed measures. */
interface History {
  labels: number;
  corrected: number;
  extraCents: number;
  last: { at: number; billedOz: number | null; billedSize: string } | null;
}

/** The merchant's labels and the weight or size corrections their posted bills charged, by SKU and package. */
async function historyOf(db: Db, userId: number): Promise<Map<string, History>> {
  const labels = await recentPaidLabels(db, userId, HISTORY_LABELS);
  if (labels.length === 0) return new Map();
  const lines = await chargedCorrections(db, userId);
  const byOrder = new Map<number, typeof lines>();
  for (const line of lines)
    byOrder.set(line.order_id as number, [...(byOrder.get(line.order_id as number) ?? []), line]);

  const history = new Map<string, History>();
  for (const label of labels) {
    const parcel = label.length === null ? undefined : (label as OrderShape['parcel'] & object);
    const corrections = byOrder.get(label.id) ?? [];
    for (const { basis, key } of keysOf({ extra: label.extra, items: label.items, parcel })) {
      const entry = history.get(`${basis}:${key}`) ?? { labels: 0, corrected: 0, extraCents: 0, last: null };
      entry.labels += 1;
      if (corrections.length > 0) entry.corrected += 1;
      for (const line of corrections) {
        entry.extraCents += (line.merchant_change ?? 0) + (line.penalty ?? 0);
        const at = line.posted_at as number;
        if (!entry.last || at >= entry.last.at)
          entry.last = { at, billedOz: line.billed_oz, billedSize: line.billed_size };
      }
      history.set(`${basis}:${key}`, entry);
    }
  }
  return history;
}

/**
 * The orders among `ids` (within the caller's scope, all of one merchant's at a time) that are likely to be
 * corrected, with the expected extra of each and in total. An order of a SKU with enough history is judged by
 * it (an accurate SKU is not flagged even in a box that others fill wrongly); any other by its package.
 */
export async function adjustmentRisks(db: Db, scope: Scope, ids: number[]): Promise<AdjustmentRiskAnswer> {
  const unique = [...new Set(ids)];
  const found = await ordersInScope(db, scope, unique);
  if (found.length !== unique.length) throw invalidFields({ ids: 'orderNotFound' });
  const orders = await ordersWithParcels(db, unique);
  const histories = new Map<number, Map<string, History>>();
  const flagged: AdjustmentRisk[] = [];
  let totalCents = 0;
  for (const id of unique) {
    const read = orders.get(id);
    if (!read) continue;
    const { order, parcels } = read;
    const parcel = parcels[0];
    if (!histories.has(order.user_id)) histories.set(order.user_id, await historyOf(db, order.user_id));
    const history = histories.get(order.user_id) as Map<string, History>;
    // The most specific basis with enough history decides.
    const judged = keysOf({ extra: order.extra, items: order.items, parcel })
      .map((key) => ({ ...key, history: history.get(`${key.basis}:${key.key}`) }))
      .find((entry) => entry.history && entry.history.labels >= MIN_LABELS);
    const seen = judged?.history;
    if (!judged || !seen || !parcel) continue;
    if (seen.corrected < MIN_CORRECTED || seen.corrected / seen.labels < MIN_SHARE) continue;
    const expectedCents = Math.round(seen.extraCents / seen.labels);
    totalCents += expectedCents;
    flagged.push({
      orderId: order.id,
      orderNo: order.order_no,
      basis: judged.basis,
      key: judged.key,
      labels: seen.labels,
      corrected: seen.corrected,
      expectedExtra: formatCents(expectedCents),
      declaredWeightOz: Math.round(toOunces(parcel.weight, parcel.mass_unit as MassUnit) * 10) / 10,
      declaredSize: packageOf(parcel),
      billedWeightOz: seen.last?.billedOz ?? null,
      billedSize: seen.last?.billedSize ?? '',
    });
  }
  return { checked: unique.length, flagged, totalExpectedExtra: formatCents(totalCents) };
}
