/**
 * A server killed (SIGKILL) while a carrier call is in flight, and started again on the same database:
 * a label the carrier bought is kept and paid once, one it never bought is refunded, and a batch resumes
 * without buying anything twice. The servers are real processes (src/main.ts); the carrier is the
 * EasyPost stand-in, whose answers are lost on demand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import { ADMIN, loginToken, onPostgres, startApp, type TestApp } from './helpers.ts';
import { EASYPOST_KEY, easypostChannel, merchantOn } from './upstream-fixtures.ts';
import { until } from './waits.ts';

let t: TestApp;
let easypost: EasyPostStandIn;
let admin: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parcelport-crash-'));
const servers: ChildProcess[] = [];

beforeAll(async () => {
  // The test's own instance sets things up on the shared database but never sweeps during a test.
  [t, easypost] = await Promise.all([
    startApp({ dataDir, sqliteFile: path.join(dataDir, 'parcelport.db'), sweepMs: 3_600_000 }),
    startEasyPostStandIn({ apiKey: EASYPOST_KEY }),
  ]);
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
/** Stops every server a test started, so the next test's servers are the only ones on the database. */
async function stopServers() {
  const running = servers.splice(0).filter((server) => server.exitCode === null && server.signalCode === null);
  await Promise.all(
    running.map(
      (server) =>
        new Promise((resolve) => {
          server.once('exit', resolve);
          server.kill('SIGKILL');
        }),
    ),
  );
}
afterEach(stopServers);
afterAll(async () => {
  await stopServers();
  await easypost.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Waits (a condition, not a time) until `read` answers something `done` accepts; servers start and settle
 * slowly on a busy machine, so it gives up only after a few minutes.
 */
/** Starts a server process on the test's database, with short claims and sweeps; answers its address. */
async function startServer(env: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const database = onPostgres
    ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema }
    : { SQLITE_FILE: t.config.sqliteFile };
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../src/main.ts')], {
    env: {
      ...process.env,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_LOCK_MS: '1500',
      JOB_POLL_MS: '50',
      SWEEP_SECONDS: '0.2',
      LOG_LEVEL: 'fatal',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: 'ignore',
  });
  servers.push(child);
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/api/health`).then(
        (answer) => answer.status,
        () => 0,
      ),
    (status) => status === 200,
    'the server to start',
  );
  return { url, process: child };
}

function post(url: string, token: string, body: unknown): Promise<Response | null> {
  // The answer of a request whose server is killed never comes: null.
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
}

async function ledgerOf(userId: number) {
  const rows = await t.ctx.db
    .selectFrom('balance_logs')
    .select(['type', 'amount', 'reference_id'])
    .where('user_id', '=', userId)
    .execute();
  const wallet = await t.ctx.db
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(wallet.balance);
  return rows;
}

/** A merchant with one 1 lb draft on a fresh EasyPost channel. */
async function merchantOnFreshChannel(funds: string) {
  const { channelId, serviceId } = await easypostChannel(t, admin, {
    apiKey: EASYPOST_KEY,
    baseUrl: easypost.url,
    timeoutMs: 5000,
  });
  return { serviceId, merchant: await merchantOn(t, admin, channelId, { funds, weights: [1] }) };
}

/**
 * A purchase on one server, killed once the carrier shows `reached` (the buy made, or just received, as
 * `fault` plays it); then a second server on the same database. Answers the order as the kill left it and
 * as the second server settled it.
 */
async function killedWhileBuying(fault: 'lost' | 'hang', reached: (seen: string[]) => boolean) {
  const { serviceId, merchant } = await merchantOnFreshChannel('100.00');
  const first = await startServer();
  easypost.fail('POST /v2/shipments/:id/buy', { kind: fault }, 1);
  const asked = easypost.requests.length;
  const request = post(`${first.url}/api/app/order/label/create`, merchant.customer.token, {
    orderId: merchant.orderId,
    serviceId,
  });
  await until(async () => easypost.requests.slice(asked), reached, 'the carrier to be reached');
  first.process.kill('SIGKILL');
  expect(await request).toBeNull();
  const cut = await merchant.order();
  expect(cut.status).toBe(17);
  await startServer();
  const done = await until(
    () => merchant.order(),
    (order) => order.status !== 17,
    'the purchase to be settled',
  );
  return { merchant, cut, done };
}

const BUY = /^POST \/v2\/shipments\/shp_\w+\/buy$/;

// Each case starts real server processes: minutes, not seconds, on a busy machine.
describe('a server killed mid-purchase', { timeout: 240_000 }, () => {
  test('the carrier bought the label but its answer died with the server: the next server keeps it, paid once', async () => {
    // The buy is carried out at the carrier, and its answer never sent.
    const before = easypost.purchases.size;
    const { merchant, cut, done } = await killedWhileBuying('lost', () => easypost.purchases.size > before);
    expect(done.status).toBe(1);
    const shipmentId = cut.upstream_id as string;
    expect(easypost.purchases.get(shipmentId)).toBe(1);
    expect(done.tracking_no).toBe(easypost.shipments.get(shipmentId)?.tracking_code);
    const ledger = await ledgerOf(merchant.customer.id);
    expect(ledger.filter((row) => row.type === 1)).toHaveLength(1);
    expect(ledger.filter((row) => row.type === 2)).toHaveLength(0);
    expect(await merchant.balance()).toBe(10_000 - (done.rate ?? 0) - done.insurance_fee);
  });

  test('killed before the carrier bought: the next server refunds the order in full', async () => {
    // The buy reaches the carrier, which does nothing with it.
    const { merchant, done } = await killedWhileBuying('hang', (seen) => seen.some((line) => BUY.test(line)));
    expect(done).toMatchObject({ status: 5, fail_reason: 'interrupted' });
    expect(easypost.purchases.get(done.upstream_id as string) ?? 0).toBe(0);
    const ledger = await ledgerOf(merchant.customer.id);
    expect(ledger.filter((row) => row.type === 1)).toHaveLength(1);
    expect(ledger.filter((row) => row.type === 2)).toHaveLength(1);
    expect(await merchant.balance()).toBe(10_000);
  });

  test('a batch killed midway resumes on the next server: one label per order, each order charged once net', async () => {
    const { serviceId, merchant } = await merchantOnFreshChannel('200.00');
    const drafts = [merchant.orderId];
    for (let i = 0; i < 3; i++) drafts.push(await merchant.another());
    const first = await startServer();
    easypost.fail('POST /v2/shipments/:id/buy', { kind: 'lost' }, 1);
    const bought = easypost.purchases.size;
    const started = await post(`${first.url}/api/app/order/label/batchCreateMix`, merchant.customer.token, {
      ids: drafts,
      serviceId,
    });
    expect(started?.status).toBe(200);
    await until(
      async () => easypost.purchases.size,
      (size) => size > bought,
      'the first buy',
    );
    first.process.kill('SIGKILL');

    await startServer();
    const orders = () => t.ctx.db.selectFrom('orders').selectAll().where('id', 'in', drafts).orderBy('id').execute();
    const done = await until(orders, (rows) => rows.every((row) => row.status === 1), 'every order to be bought');
    // The carrier sold one label per order, whatever attempts there were.
    const orderNos = new Set(done.map((order) => order.order_no));
    const labelsSold = [...easypost.shipments.values()]
      .filter((shipment) => orderNos.has(shipment.reference ?? ''))
      .reduce((sum, shipment) => sum + (easypost.purchases.get(shipment.id) ?? 0), 0);
    expect(labelsSold).toBe(done.length);
    for (const order of done) {
      for (const id of (order.upstream_id as string).split(',')) expect(easypost.purchases.get(id)).toBe(1);
    }
    // Each order nets one charge: a purchase the kill cut off before the carrier was refunded, then bought again.
    const ledger = await ledgerOf(merchant.customer.id);
    for (const order of done) {
      const net = ledger
        .filter((row) => row.reference_id === order.id && (row.type === 1 || row.type === 2))
        .reduce((sum, row) => sum + row.amount, 0);
      expect({ order: order.id, net }).toEqual({ order: order.id, net: -((order.rate ?? 0) + order.insurance_fee) });
    }
  });
});

describe('a server asked to stop behind a load balancer (SHUTDOWN_GRACE_SECONDS)', { timeout: 240_000 }, () => {
  test('fails its health check at once, goes on serving while the balancer takes it out, then exits', async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '5' });
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    const health = await until(
      () => fetch(`${server.url}/api/health`).then((answer) => answer.status),
      (status) => status === 503,
      'the health check to answer 503',
    );
    expect(health).toBe(503);
    const draining = await (await fetch(`${server.url}/api/health`)).json();
    expect(draining.data).toMatchObject({ status: 'draining' });
    // Still serving what it is sent meanwhile.
    expect((await fetch(`${server.url}/api/admin/publicKey`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
