import { z } from 'zod';

/**
 * Test labels on an upstream channel (docs/carriers.md "Test labels"): they are bought with the carrier's
 * test credentials, never the live ones, so a label marked "do not ship" is never a real one paid for by
 * the operator. A platform whose test credentials are a second API key spreads `testKeySetting` into its
 * settings and answers its test settings with `testKeySettings`.
 */
export function testKeySetting(description: string) {
  return { testApiKey: z.string().trim().default('').meta({ secret: true, description }) };
}

/**
 * The settings test labels are bought with: the test key in place of the live one, or the settings as they
 * are when the live key is itself a test key (`testPrefix`); null when the channel has no test key.
 */
export function testKeySettings(testPrefix: string) {
  return (settings: Record<string, unknown>): Record<string, unknown> | null => {
    const testKey = typeof settings.testApiKey === 'string' ? settings.testApiKey : '';
    if (testKey !== '') return { ...settings, apiKey: testKey };
    return String(settings.apiKey ?? '').startsWith(testPrefix) ? settings : null;
  };
}
