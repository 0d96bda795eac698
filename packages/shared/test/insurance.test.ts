import { describe, expect, test } from 'vitest';
import { insurancePremium, shipmentInsurance } from '../src/insurance.ts';

const $ = (dollars: number) => Math.round(dollars * 100);

describe('insurance premium (docs/spec.md §9)', () => {
  test('is free up to and including 100.00', () => {
    expect(insurancePremium(0)).toBe(0);
    expect(insurancePremium($(99.99))).toBe(0);
    expect(insurancePremium($(100))).toBe(0);
  });

  test('counts every started 100.00, so 100.01 is two units at the first tier', () => {
    expect(insurancePremium($(100.01))).toBe($(2));
    expect(insurancePremium($(200))).toBe($(2));
    expect(insurancePremium($(200.01))).toBe($(3));
    expect(insurancePremium($(999.99))).toBe($(10));
    expect(insurancePremium($(1000))).toBe($(10));
  });

  // [declared at the top of a tier, premium there, premium one cent above (next tier's minimum applies)]
  const edges: [number, number, number][] = [
    [1000, 10, 10],
    [2000, 17, 17],
    [3000, 23.7, 23.7],
    [4000, 29.2, 29.2],
    [5000, 33.5, 33.5],
    [6000, 36.6, 36.6],
    [7000, 38.5, 38.5],
    [8000, 42.4, 42.4],
    [9000, 45.9, 45.9],
    [10000, 49, 49],
  ];
  test.each(edges)('around the tier edge at %d', (edge, atEdge, justAbove) => {
    expect(insurancePremium($(edge))).toBe($(atEdge));
    expect(insurancePremium($(edge) + 1)).toBe($(justAbove));
  });

  test('applies each tier rate above its minimum', () => {
    expect(insurancePremium($(1500))).toBe($(12.75)); // 15 units × 0.85, above the 10.00 minimum
    expect(insurancePremium($(1999.99))).toBe($(17)); // 20 units × 0.85
    expect(insurancePremium($(2500))).toBe($(25 * 0.79)); // 19.75
    expect(insurancePremium($(9500))).toBe($(95 * 0.49)); // 46.55
    expect(insurancePremium($(20000))).toBe($(200 * 0.47)); // 94.00
    expect(insurancePremium($(50000))).toBe($(500 * 0.47)); // 235.00
  });

  test('refuses more than 50,000 per package', () => {
    expect(() => insurancePremium($(50000) + 1)).toThrow(RangeError);
  });
});

describe('shipment insurance', () => {
  test('sums per-package premiums and requires a signature above 1,000', () => {
    const result = shipmentInsurance([$(600), $(500)]);
    expect(result).toEqual({
      ok: true,
      value: { premiumCents: $(6) + $(5), perPackage: [$(6), $(5)], declaredCents: $(1100), signatureRequired: true },
    });
    const small = shipmentInsurance([$(1000)]);
    expect(small.ok && small.value.signatureRequired).toBe(false);
  });

  test('names the limit broken', () => {
    expect(shipmentInsurance([$(50000.01)])).toEqual({ ok: false, error: 'overPackageLimit', index: 0 });
    expect(shipmentInsurance([$(50000), $(50000), $(1)])).toEqual({ ok: false, error: 'overShipmentLimit' });
    expect(shipmentInsurance([$(50000), $(50000)]).ok).toBe(true);
  });
});
