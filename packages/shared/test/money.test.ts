import { describe, expect, test } from 'vitest';
import { formatCents, parseMoney } from '../src/money.ts';

describe('money', () => {
  test('formats cents as a two-place decimal string', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(1230)).toBe('12.30');
    expect(formatCents(-1005)).toBe('-10.05');
    expect(formatCents(123456789)).toBe('1234567.89');
  });

  test('parses decimals into integer cents without float error', () => {
    expect(parseMoney('12.3')).toBe(1230);
    expect(parseMoney('0.10')).toBe(10);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney('-4.5')).toBe(-450);
    expect(parseMoney(' 100 ')).toBe(10000);
  });

  test('refuses what is not a money amount', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '1,000', '.5', '--1']) expect(parseMoney(bad)).toBeNull();
  });

  test('round-trips', () => {
    for (const cents of [0, 1, 99, 100, 101, 123456, -77]) expect(parseMoney(formatCents(cents))).toBe(cents);
  });
});
