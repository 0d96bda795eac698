/**
 * A rate table: the price in cents for (zone, weight bracket up to maxOz), brackets ascending. The platform
 * keeps them (imported per carrier service); the built-in engine prices from them.
 */
export type RateTable = Map<number, { maxOz: number; priceCents: number }[]>;

export function priceAt(table: RateTable, zone: number, billableOz: number): number | null {
  const brackets = table.get(zone);
  return brackets?.find((bracket) => bracket.maxOz >= billableOz)?.priceCents ?? null;
}
