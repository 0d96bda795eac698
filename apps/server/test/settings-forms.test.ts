import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { adapterFor, platformCodes } from '../src/carriers/registry.ts';
import { settingsForm } from '../src/carriers/settings-form.ts';

/** The web app's messages, as an operator reads the channel form in either language. */
const locales = ['zh-CN', 'en-US'].map((locale) => ({
  locale,
  messages: JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>,
}));

// The built-in engine's forms are drawn by hand (apps/web ServiceSettingsFields.tsx); an upstream
// platform's are drawn from its settings schema, field by field.
const drawnFromSchema = platformCodes().filter((code) => adapterFor(code)?.upstream);

describe("every upstream platform's settings form speaks both languages", () => {
  test('the upstream platforms are there', () => {
    expect(drawnFromSchema).toEqual(expect.arrayContaining(['easypost', 'shipengine', 'karrio', 'usps']));
  });
  for (const code of drawnFromSchema) {
    test(`${code}: each channel and service field has a label and a hint, and the platform a name`, () => {
      const adapter = adapterFor(code);
      if (!adapter) throw new Error(`no adapter ${code}`);
      const fields = [...settingsForm(adapter.channelSettings), ...settingsForm(adapter.serviceSettings)];
      for (const { locale, messages } of locales) {
        const missing = [
          ...(messages[`carriers.platform.${code}`] ? [] : [`carriers.platform.${code}`]),
          ...fields.flatMap((field) =>
            [`carriers.setting.${field.label}`, `carriers.settingHint.${field.label}`].filter((key) => !messages[key]),
          ),
        ];
        expect(missing, `${locale} lacks`).toEqual([]);
      }
    });
  }
});
