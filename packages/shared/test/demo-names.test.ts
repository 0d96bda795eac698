import { describe, expect, test } from 'vitest';
import { readerName, withoutDemoMark } from '../src/demo-names.ts';

describe('seeded demo names in the reader’s language', () => {
  test.each([
    ['演示 USPS', 'en-US', 'Demo USPS'],
    ['Demo USPS', 'zh-CN', '演示 USPS'],
    ['USPS Ground Advantage（演示）', 'en-US', 'USPS Ground Advantage (Demo)'],
    ['USPS Ground Advantage (Demo)', 'zh-CN', 'USPS Ground Advantage（演示）'],
    ['标准加价', 'en-US', 'Standard markup'],
    ['Standard markup', 'zh-CN', '标准加价'],
    ['演示 FedEx', 'zh-CN', '演示 FedEx'],
  ] as const)('%s reads as %s → %s', (name, locale, shown) => {
    expect(readerName(name, locale)).toBe(shown);
  });

  test('a name an operator typed is shown as typed', () => {
    for (const name of ['FedEx 2Day', 'Demonstration Freight', '演示用 UPS', '标准加价 VIP', 'My (Demo) line']) {
      expect(readerName(name, 'en-US')).toBe(name);
      expect(readerName(name, 'zh-CN')).toBe(name);
    }
  });

  test('the label names the service without the demo mark of either language', () => {
    expect(withoutDemoMark('UPS Ground（演示）')).toBe('UPS Ground');
    expect(withoutDemoMark('UPS Ground (Demo)')).toBe('UPS Ground');
    expect(withoutDemoMark('UPS Ground')).toBe('UPS Ground');
  });
});
