/**
 * The server's messages stand in src/i18n/catalogue/, a file a module (issue 27), and messages.ts spreads them into
 * one catalogue. A key written in two files would not fail to compile there: the later spread would silently
 * replace the earlier text. So every key stands in one file, and every file's keys reach the catalogue.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CLAIM_STATUS_NAMES,
  CLAIM_TYPE_NAMES,
  COLUMN_NAMES,
  type ColumnName,
  FUND_TYPE_NAMES,
  LOCALES,
  ORDER_STATUS_NAMES,
  PAYMENT_METHOD_NAMES,
  RECHARGE_STATUS_NAMES,
  TRACKING_STATE_NAMES,
} from '@parcelport/shared';
import { expect, test } from 'vitest';
import { isMessageKey, type MessageKey, translate } from '../src/i18n/messages.ts';

const DIR = path.resolve(import.meta.dirname, '../src/i18n/catalogue');

test('every message key stands in one catalogue file, and messages.ts knows it', async () => {
  const fileOf = new Map<string, string>();
  const twice: string[] = [];
  for (const file of readdirSync(DIR).sort()) {
    const exports: Record<string, object> = await import(path.join(DIR, file));
    for (const key of Object.values(exports).flatMap((messages) => Object.keys(messages))) {
      const first = fileOf.get(key);
      if (first) twice.push(`${key}: ${first} and ${file}`);
      fileOf.set(key, file);
    }
  }
  expect(twice).toEqual([]);
  expect([...fileOf.keys()].filter((key) => !isMessageKey(key))).toEqual([]);
});

test("the server names each state as the screens do: packages/shared's state names, under the keys its code builds", () => {
  // Exports, mails, the tracking page and the API's `state` once said 待转运 where the screens said 待运输.
  const lists: [string, Record<string, Record<string, string>>][] = [
    ['orderStatus', ORDER_STATUS_NAMES],
    ['tracking', TRACKING_STATE_NAMES],
    ['fundType', FUND_TYPE_NAMES],
    ['rechargeStatus', RECHARGE_STATUS_NAMES],
    ['pay_', PAYMENT_METHOD_NAMES],
    ['claimType_', CLAIM_TYPE_NAMES],
    ['claimStatus_', CLAIM_STATUS_NAMES],
  ];
  const differ = lists.flatMap(([prefix, names]) =>
    Object.entries(names).flatMap(([id, name]) =>
      LOCALES.filter((locale) => translate(`${prefix}${id}` as MessageKey, locale) !== name[locale]).map(
        (locale) => `${prefix}${id} (${locale})`,
      ),
    ),
  );
  expect(differ).toEqual([]);
  expect(translate('orderStatus1' as MessageKey, 'zh-CN')).toBe('待运输');
});

test("the server heads an export's columns as the screens do: packages/shared's column names, as `col<Name>`", () => {
  const differ = (Object.keys(COLUMN_NAMES) as ColumnName[]).flatMap((name) =>
    LOCALES.filter(
      (locale) =>
        translate(`col${name[0]?.toUpperCase()}${name.slice(1)}` as MessageKey, locale) !== COLUMN_NAMES[name][locale],
    ).map((locale) => `${name} (${locale})`),
  );
  expect(differ).toEqual([]);
  expect(translate('colOrderNo', 'zh-CN')).toBe('订单号');
  expect(translate('colTracking', 'en-US')).toBe('Tracking no.');
});
