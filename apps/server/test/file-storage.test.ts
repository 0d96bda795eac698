import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { FileStorage } from '../src/core/ports.ts';
import { databaseStorage } from '../src/modules/attachments/database-storage.ts';
import { diskStorage } from '../src/modules/attachments/storage.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp, upload } from './helpers.ts';

// Every byte value, zeros included: what goes in comes back exactly.
const BYTES = Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), BYTES]);

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-files-'));
  t = await startApp({ dataDir, fileStorage: 'database' });
});
afterAll(async () => t.close());

describe('file storage', () => {
  const drivers: [string, () => FileStorage][] = [
    ['disk', () => diskStorage(path.join(mkdtempSync(path.join(tmpdir(), 'pp-disk-')), 'uploads'))],
    ['database', () => databaseStorage(t.ctx.db)],
  ];
  for (const [name, driver] of drivers) {
    test(`${name}: a file is kept under a new name, read back byte for byte, and removed`, async () => {
      const storage = driver();
      const first = await storage.put(BYTES, 'bin');
      const second = await storage.put(BYTES, 'bin');
      expect(first).toMatch(/^[0-9a-f-]{36}\.bin$/);
      expect(second).not.toBe(first);
      const back = await storage.get(first);
      expect(Buffer.isBuffer(back)).toBe(true);
      expect(back.equals(BYTES)).toBe(true);
      await storage.remove(first);
      await expect(storage.get(first)).rejects.toThrow();
      expect((await storage.get(second)).equals(BYTES)).toBe(true);
    });
  }

  test('disk: a name cannot reach outside the folder', async () => {
    const storage = diskStorage(path.join(dataDir, 'elsewhere'));
    await expect(storage.get('../../../../etc/hostname')).rejects.toThrow();
  });

  test('with FILE_STORAGE=database a voucher is kept in the database and served back, no folder used', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(t, admin);
    const res = await upload(t.app, customer.token, 'transfer.png', PNG);
    expect(res.statusCode).toBe(200);
    const back = await call(t.app, customer.token, { method: 'GET', url: res.json().data.url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PNG)).toBe(true);
    const rows = await t.ctx.db.selectFrom('file_blobs').select(['name', 'size']).execute();
    expect(rows).toContainEqual({ name: expect.stringMatching(/\.png$/), size: PNG.length });
    expect(existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')) : []).toEqual([]);
  });

  test('FILE_STORAGE defaults to the disk beside SQLite and to the database with PostgreSQL; anything else stops the start', () => {
    expect(loadConfig({}).fileStorage).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).fileStorage).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', FILE_STORAGE: 'disk' }).fileStorage).toBe('disk');
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE');
  });
});
