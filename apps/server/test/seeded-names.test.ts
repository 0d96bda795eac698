/**
 * Issue 14: the names a fresh install seeds (demo channels and services, the default pricing rule) are in
 * the install's language (SEED_LOCALE, zh-CN by default), as an operator's own names are in theirs; the
 * label still prints the carrier's name of the service.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  fundWallet,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function seededNames(app: TestApp) {
  const db = app.ctx.db;
  return {
    channels: (await db.selectFrom('channels').select('name').orderBy('sort').execute()).map((row) => row.name),
    services: (await db.selectFrom('carrier_services').select('name').orderBy('id').execute()).map((row) => row.name),
    rules: (await db.selectFrom('price_rules').select('name').execute()).map((row) => row.name),
  };
}

describe('seeded names', () => {
  test('a fresh install names its demos in zh-CN by default, and its label prints the carrier’s service name', async () => {
    t = await startApp();
    expect(await seededNames(t)).toEqual({
      channels: ['演示 USPS', '演示 UPS', '演示 FedEx'],
      services: [
        'USPS Ground Advantage（演示）',
        'USPS Priority Mail（演示）',
        'UPS Ground（演示）',
        'FedEx Ground（演示）',
        'FedEx 2Day（演示）',
      ],
      rules: ['标准加价'],
    });

    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(t, admin);
    await fundWallet(t.app, admin, customer.id, '20.00');
    const { orderId } = await buyLabel(t.app, customer.token);
    const res = await call(t.app, customer.token, {
      method: 'GET',
      url: `/api/app/order/label/downPdf?ids=${orderId}`,
    });
    expect(res.statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pp-seeded-')), 'label.pdf');
    writeFileSync(file, res.rawPayload);
    const text = spawnSync('pdftotext', ['-raw', file, '-']).stdout.toString();
    expect(text).toContain('USPS GROUND ADVANTAGE');
    expect(text).not.toContain('演示');
  });

  test('SEED_LOCALE=en-US seeds English names; another value stops the start with the reason', async () => {
    t = await startApp({ seedLocale: 'en-US' });
    expect(await seededNames(t)).toEqual({
      channels: ['Demo USPS', 'Demo UPS', 'Demo FedEx'],
      services: [
        'USPS Ground Advantage (Demo)',
        'USPS Priority Mail (Demo)',
        'UPS Ground (Demo)',
        'FedEx Ground (Demo)',
        'FedEx 2Day (Demo)',
      ],
      rules: ['Standard markup'],
    });
    expect(loadConfig({ SEED_LOCALE: 'en-US' }).seedLocale).toBe('en-US');
    expect(() => loadConfig({ SEED_LOCALE: 'fr-FR' })).toThrow('SEED_LOCALE must be one of zh-CN, en-US, not fr-FR');
  });
});
