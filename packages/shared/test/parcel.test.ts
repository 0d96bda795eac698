import { describe, expect, test } from 'vitest';
import { billableWeight, unitsFor } from '../src/parcel.ts';

describe('units (docs/spec.md §5)', () => {
  test('kg/cm together, anything else lb/in', () => {
    expect(unitsFor('kg')).toEqual({ massUnit: 'kg', distanceUnit: 'cm' });
    expect(unitsFor('cm')).toEqual({ massUnit: 'kg', distanceUnit: 'cm' });
    expect(unitsFor('lb')).toEqual({ massUnit: 'lb', distanceUnit: 'in' });
    expect(unitsFor('oz')).toEqual({ massUnit: 'lb', distanceUnit: 'in' });
  });
});

describe('billable weight', () => {
  const box = { length: 12, width: 12, height: 12, massUnit: 'lb' as const, distanceUnit: 'in' as const };

  test('rounds light parcels up to the ounce and heavier ones to the pound', () => {
    const small = { ...box, length: 6, width: 4, height: 2 };
    expect(billableWeight({ ...small, weight: 0.3 }, 166, 1728).billableOz).toBe(5);
    expect(billableWeight({ ...small, weight: 1.01 }, 166, 1728).billableOz).toBe(32);
  });

  test('a divisor without threshold bills at least one dimensional pound (UPS, FedEx)', () => {
    expect(billableWeight({ ...box, length: 6, width: 4, height: 2, weight: 0.3 }, 139).billableOz).toBe(16);
  });

  test('takes the dimensional weight when it is heavier', () => {
    // 12×12×12 = 1728 cu in / 139 = 12.43 → 13 lb
    const result = billableWeight({ ...box, weight: 2 }, 139);
    expect(result.dimOz).toBe(13 * 16);
    expect(result.billableOz).toBe(13 * 16);
    expect(result.lengthGirthIn).toBe(12 + 2 * 24);
  });

  test('skips dimensional weight below the threshold volume (USPS 1 cu ft)', () => {
    expect(billableWeight({ ...box, weight: 2 }, 166, 1728).billableOz).toBe(32);
    expect(billableWeight({ ...box, length: 13, weight: 2 }, 166, 1728).dimOz).toBe(12 * 16);
  });

  test('converts metric parcels', () => {
    const result = billableWeight(
      { length: 30, width: 20, height: 10, weight: 1, massUnit: 'kg', distanceUnit: 'cm' },
      0,
    );
    expect(result.actualOz).toBe(36); // 35.27 oz rounded up
    expect(result.billableOz).toBe(48); // 3 lb
    expect(result.sidesIn[0]).toBeCloseTo(11.81, 2);
  });
});
