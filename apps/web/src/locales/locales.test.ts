import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  COLUMN_NAME_KEYS,
  COLUMN_NAMES,
  type ColumnName,
  KEY_AREAS,
  ROUTE_TABLE,
  type RouteMeta,
  STATE_NAME_KEYS,
} from '@parcelport/shared';
import { FULFILMENT_STATES, STORE_PLATFORMS, STORE_STATUSES } from '@parcelport/shared/contracts/stores/schemas';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@parcelport/shared/contracts/webhooks/schemas';
import { describe, expect, it } from 'vitest';
import { catalogueOf } from './catalogue';

const enUS = catalogueOf('en-US');
const zhCN = catalogueOf('zh-CN');

const zh = zhCN as Record<string, string>;
const en = enUS as Record<string, string>;
const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const namespaces = new Set(Object.keys(zh).map((key) => key.split('.')[0]));

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('zh-CN and en-US have the same keys', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty values', () => {
    for (const [name, messages] of [
      ['zh-CN', zh],
      ['en-US', en],
    ] as const) {
      for (const [key, value] of Object.entries(messages)) {
        expect(typeof value === 'string' && value.trim().length > 0, `${name} ${key}`).toBe(true);
      }
    }
  });

  it('use the same interpolation variables in both languages', () => {
    for (const key of Object.keys(zh)) {
      expect(placeholders(zh[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it('translate every title of the shared route table', () => {
    const walk = (routes: RouteMeta[]): string[] =>
      routes.flatMap((route) => [route.locale, ...walk(route.children ?? [])]);
    for (const key of walk(ROUTE_TABLE)) {
      expect(zh[key], key).toBeTruthy();
      expect(en[key], key).toBeTruthy();
    }
  });

  it('hold every literal key the source passes to t()', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) if (match[1]) used.add(match[1]);
      // Keys chosen by a condition: t(active ? 'users.disable' : 'users.activate') and the like.
      for (const match of text.matchAll(/'((?:[a-z]+[A-Z]?[a-z]*)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*)'/g)) {
        const key = match[1] ?? '';
        if (namespaces.has(key.split('.')[0] ?? '')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !(key in zh) || !(key in en));
    expect(missing).toEqual([]);
  });

  it('hold the keys built from values (statuses, roles, message tabs, settings switches, stores)', () => {
    const dynamic = [
      ...['0', '1', '2'].map((status) => `account.status.${status}`),
      ...['customer', 'administrator', 'customerService', 'finance', 'seller', 'proxy', 'overseasWarehouse'].map(
        (role) => `role.${role}`,
      ),
      ...['message', 'notice', 'todo'].map((type) => `messageBox.tab.${type}`),
      ...['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer', 'colorWeak'].map(
        (key) => `settings.${key}`,
      ),
      ...['balance', 'earnestBalance', 'depositBalance', 'refundAmount', 'creditLimit'].map(
        (key) => `workplace.${key}`,
      ),
      ...['morning', 'afternoon', 'evening'].map((key) => `workplace.${key}`),
      ...STORE_PLATFORMS.map((platform) => `stores.platforms.${platform}`),
      ...WEBHOOK_EVENT_TYPES.map((type) => `webhooks.event.${type}`),
      ...['auto', 'replay', 'test'].map((trigger) => `webhooks.trigger.${trigger}`),
      ...WEBHOOK_DELIVERY_STATUSES.map((status) => `webhooks.deliveryStatus.${status}`),
      ...['1', '24', '168', '720'].map((hours) => `webhooks.since.${hours}`),
      ...STORE_STATUSES.map((status) => `stores.statuses.${status}`),
      ...FULFILMENT_STATES.map((state) => `stores.fulfilment.${state}`),
      ...KEY_AREAS.map((area) => `apiKeys.area.${area}`),
    ];
    expect(dynamic.filter((key) => !(key in zh) || !(key in en))).toEqual([]);
  });

  it('name each order state one way in English, on the staff screens as on the merchant ones', () => {
    const codes = Object.keys(en)
      .filter((key) => key.startsWith('orderStatus.'))
      .map((key) => key.slice('orderStatus.'.length));
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((code) => en[`waybills.status.${code}`] !== en[`orderStatus.${code}`])).toEqual([]);
    // The wordings screens once used beside the state's own name.
    const others = Object.values(en).filter((text) => /^(Awaiting pickup|In transmitting)$/.test(text));
    expect(others).toEqual([]);
  });

  it("hold no state name of their own: packages/shared's state-names.ts names each state for server and web", () => {
    for (const file of ['zh-CN.json', 'en-US.json']) {
      const own = Object.keys(JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')));
      const prefixes = Object.keys(STATE_NAME_KEYS).map((prefix) => `${prefix}.`);
      const shadowed = own.filter((key) =>
        prefixes.some((prefix) => key.startsWith(prefix) && !key.slice(prefix.length).includes('.')),
      );
      expect(shadowed, file).toEqual([]);
    }
    expect(zh['orderStatus.1']).toBe('待运输');
    expect(en['tracking.state.6']).toBe('Delivered');
  });

  it("hold no column name of their own: packages/shared's column-names.ts heads a column for server and web", () => {
    const shared = Object.values(COLUMN_NAME_KEYS).flat() as string[];
    for (const file of ['zh-CN.json', 'en-US.json']) {
      const own = Object.keys(JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')));
      expect(
        own.filter((key) => shared.includes(key)),
        file,
      ).toEqual([]);
    }
    const differ = Object.entries(COLUMN_NAME_KEYS).flatMap(([name, keys]) =>
      keys.filter(
        (key) =>
          zh[key] !== COLUMN_NAMES[name as ColumnName]['zh-CN'] ||
          en[key] !== COLUMN_NAMES[name as ColumnName]['en-US'],
      ),
    );
    expect(differ).toEqual([]);
    expect(zh['orderList.orderNo']).toBe('订单号');
    expect(en['waybills.tackNo']).toBe('Tracking no.');
  });

  it("carry docs/spec.md §5/§8's wording in English", () => {
    expect(en['login.usernameRequired']).toBe('Username cannot be empty');
    expect(en['login.passwordRequired']).toBe('Password cannot be empty');
    expect(en['validation.passwordsMismatch']).toBe('Passwords do not match');
    expect(en['request.error']).toBe('Request Error');
    expect(en['watermark.audit']).toBe('Audit recording in progress. Operate carefully.');
    expect(en['login.welcome']?.toLowerCase()).toContain('welcome to use');
  });
});
