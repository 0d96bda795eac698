import type { StoreItem, WeightUnit } from './types.ts';

const GRAMS_PER: Record<WeightUnit, number> = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 };

export const WEIGHT_UNITS = Object.keys(GRAMS_PER) as WeightUnit[];

export function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && Object.hasOwn(GRAMS_PER, value);
}

/** A weight written in a store's unit, in grams (null when the store has none for it). */
export function gramsOf(weight: number | string | null | undefined, unit: WeightUnit): number | null {
  const value = typeof weight === 'string' ? Number.parseFloat(weight) : weight;
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return null;
  return value * GRAMS_PER[unit];
}

/** What the items weigh together in grams; null when no item's weight is known. */
export function itemsGrams(items: readonly StoreItem[]): number | null {
  const weighed = items.filter((item) => item.grams !== null);
  if (weighed.length === 0) return null;
  return weighed.reduce((sum, item) => sum + (item.grams ?? 0) * item.quantity, 0);
}

/** Grams as pounds or kilograms, to two places and at least 0.01 (the order form's smallest weight). */
export function gramsIn(grams: number, unit: 'lb' | 'kg'): number {
  const value = grams / GRAMS_PER[unit];
  return Math.max(0.01, Math.round(value * 100) / 100);
}
