/**
 * Issue 28's webhook fan-out: `--webhook-endpoints=1000` merchants, each with one endpoint for
 * `tracking.updated` (an endpoint is a merchant's; one each makes every event one delivery), and ten tracking
 * events per merchant (one order of five parcels scanned twice by the demo carrier: label created, then
 * accepted), 10,000 events in all, made over HTTP (`POST /api/app/order/demoScan/{id}`) as fast as four
 * clients go. Meanwhile another merchant keeps buying single labels at a steady rate (one every 200 ms).
 * Figures: the p99 time from an event (the scan's call) to the first delivery attempt reaching the receiver
 * (≤ 5 s), and the purchases' median and p95 while the deliveries go out against the same load of scans and
 * purchases just before, on other orders, with no endpoint (≤ 110 %). The receiver is a plain Node HTTP server
 * in the bench process on 127.0.0.2 (allowed to the server by WEBHOOK_ALLOWED_HOSTS), answering 204 at once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { Api, createMerchant } from '../lib/api.ts';
import { startServer } from '../lib/procs.ts';
import type { Raw } from '../lib/target.ts';
import { log, now, percentile, type Result, sleep } from '../lib/util.ts';
import { party } from './quotes.ts';

const PARCELS = 5;
const SCANS = 2;
const SCAN_CLIENTS = 4;
const BUY_EVERY_MS = 200;
const PASSWORD = 'Merchant#1';

const shipment = (parcels: number) => ({
  from: party('Hook Shipper', '90001', 'Los Angeles', 'CA'),
  to: party('Hook Recipient', '10118', 'New York', 'NY'),
  parcels: Array.from({ length: parcels }, () => ({ length: 10, width: 8, height: 4, weight: 2 })),
});

/** Runs `work` over `items` with `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** A draft of `parcels` parcels, and the first service it can be bought at (answered once, then reused). */
let serviceId: number | undefined;
async function draft(api: Api, parcels: number): Promise<number> {
  const { orderId } = await api.call<{ orderId: number }>('POST', '/api/app/order/draft', shipment(parcels));
  if (serviceId === undefined) {
    const lines = await api.call<{ serviceId: number; available: boolean }[]>(
      'POST',
      '/api/app/order/estimateRateMix',
      { orderId },
    );
    serviceId = lines.find((line) => line.available)?.serviceId;
    if (serviceId === undefined) throw new Error('no service to buy at');
  }
  return orderId;
}
const buy = (api: Api, orderId: number) => api.call('POST', '/api/app/order/label/create', { orderId, serviceId });

interface Shop {
  api: Api;
  /** One bought order for the measured run, one for the run without endpoints. */
  orders: [number, number];
}

/** The merchants: registered by staff, funded, signed in, two orders of five parcels bought each. */
async function makeShops(admin: Api, raw: Raw, count: number): Promise<Shop[]> {
  const shops: Shop[] = [];
  const started = now();
  await inLanes(
    Array.from({ length: count }, (_, n) => n),
    8,
    async (n) => {
      const email = `hook${n}.${Date.now()}@shop.bench`;
      await admin.call('POST', '/api/admin/register', {
        email,
        password: PASSWORD,
        firstName: 'Hook',
        lastName: `Shop${n}`,
        company: `Hook Shop ${n}`,
        phone: '+1 555 0100',
      });
      const [user] = await raw.query('select id from users where username = ?', [email]);
      await admin.call('POST', '/api/admin/balance/adjust', {
        userId: Number(user?.id),
        currency: 'USD',
        amount: '500.00',
        remark: 'bench',
      });
      const api = await new Api(admin.base).login(email, PASSWORD);
      const orders: number[] = [];
      for (let k = 0; k < 2; k++) {
        const orderId = await draft(api, PARCELS);
        await buy(api, orderId);
        orders.push(orderId);
      }
      shops.push({ api, orders: orders as [number, number] });
      if (shops.length % 100 === 0) log(`${shops.length} merchants ready (${((now() - started) / 1000).toFixed(0)} s)`);
    },
  );
  return shops;
}

/** The receiver: the first time each webhook-id arrived, with its tracking number and status. */
export async function startReceiver() {
  const first = new Map<string, { at: number; key: string }>();
  const server = createServer(async (req, res) => {
    const body = await text(req);
    const at = now();
    const id = String(req.headers['webhook-id']);
    if (!first.has(id)) {
      const { data } = JSON.parse(body);
      first.set(id, { at, key: `${data.trackingNo}:${data.status}` });
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/hooks`,
    first,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One run: every shop's order `which` scanned SCANS times by SCAN_CLIENTS clients while the buyer buys a
 * label every BUY_EVERY_MS, until the scans are done and `settled` says so. Answers when each scan of each
 * parcel was asked (`trackingNo:status` → time) and the purchases' times.
 */
async function run(
  shops: Shop[],
  which: 0 | 1,
  raw: Raw,
  buyer: Api,
  buyerDrafts: number[],
  settled: () => boolean,
): Promise<{ asked: Map<string, number>; purchases: number[] }> {
  const orderIds = shops.map((shop) => shop.orders[which]);
  const parcels = await raw.query(
    `select order_id, tracking_no from parcels where order_id in (${orderIds.join(',')})`,
  );
  const trackingOf = new Map<number, string[]>();
  for (const row of parcels)
    trackingOf.set(Number(row.order_id), [...(trackingOf.get(Number(row.order_id)) ?? []), String(row.tracking_no)]);
  const asked = new Map<string, number>();
  const purchases: number[] = [];
  let scanning = true;
  const buying = (async () => {
    while (scanning || !settled()) {
      // Drafts made beforehand; when they run out, one more made here (not timed: the purchase is).
      const orderId = buyerDrafts.shift() ?? (await draft(buyer, 1));
      const start = now();
      await buy(buyer, orderId);
      purchases.push(now() - start);
      await sleep(Math.max(0, BUY_EVERY_MS - (now() - start)));
    }
  })();
  const calls = shops.flatMap((shop) => Array.from({ length: SCANS }, (_, scan) => ({ shop, scan })));
  // Scan by scan: every order's first scan (label created, status 1) before any second (accepted, 2).
  await inLanes(
    calls.sort((a, b) => a.scan - b.scan),
    SCAN_CLIENTS,
    async ({ shop, scan }) => {
      const orderId = shop.orders[which];
      const at = now();
      for (const trackingNo of trackingOf.get(orderId) ?? []) asked.set(`${trackingNo}:${scan + 1}`, at);
      await shop.api.call('POST', `/api/app/order/demoScan/${orderId}`, {});
    },
  );
  scanning = false;
  await buying;
  return { asked, purchases: purchases.sort((a, b) => a - b) };
}

export async function webhooksBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  raw: Raw,
  endpoints: number,
): Promise<Result[]> {
  const receiver = await startReceiver();
  const server = await startServer('app', { ...env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.2' });
  try {
    const buyerShop = await createMerchant(new Api(server.url), raw, '100000.00');
    const admin = buyerShop.admin.at(server.url);
    const buyer = buyerShop.api;
    log(`${db}: ${endpoints} merchants, two orders of ${PARCELS} parcels bought each`);
    const shops = await makeShops(admin, raw, endpoints);
    const buyerDrafts: number[] = [];
    for (let n = 0; n < 600; n++) buyerDrafts.push(await draft(buyer, 1));
    const events = endpoints * PARCELS * SCANS;

    log(`${db}: ${events} tracking events with no endpoint, buying meanwhile`);
    const without = await run(shops, 1, raw, buyer, buyerDrafts, () => true);

    log(`${db}: an endpoint for each merchant, then ${events} tracking events fanned out, buying meanwhile`);
    await inLanes(shops, 8, async (shop) => {
      await shop.api.call('POST', '/api/app/webhooks/endpoints', {
        url: receiver.url,
        eventTypes: ['tracking.updated'],
        description: 'bench',
      });
    });
    // Ten minutes at most: an event not delivered by then counts as never (its time is Infinity), so the
    // figures still print, and the p99 fails when more than 1 % are missing.
    const deadline = now() + 600_000;
    const withHooks = await run(
      shops,
      0,
      raw,
      buyer,
      buyerDrafts,
      () => receiver.first.size >= events || now() > deadline,
    );
    const delivered = [...receiver.first.values()].map(({ at, key }) => at - (withHooks.asked.get(key) ?? Number.NaN));
    if (delivered.some((ms) => Number.isNaN(ms))) throw new Error('a delivery of an event that was not scanned');
    const latencies = [...delivered, ...Array(events - delivered.length).fill(Number.POSITIVE_INFINITY)].sort(
      (a, b) => a - b,
    );
    const p50 = percentile(withHooks.purchases, 50);
    const base50 = percentile(without.purchases, 50);
    const p95 = percentile(withHooks.purchases, 95);
    const base95 = percentile(without.purchases, 95);
    return [
      {
        bench: 'webhooks',
        db,
        figure: `${events} tracking events to ${endpoints} endpoints: p99 event → first delivery attempt`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { op: '<', limit: 5000, text: '≤ 5 s' },
        baseline: null,
        note: `${delivered.length} of ${events} delivered within 10 minutes; p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${Math.max(...delivered).toFixed(0)} ms`,
      },
      {
        bench: 'webhooks',
        db,
        figure: `a label bought while they go out, median (${withHooks.purchases.length} purchases)`,
        value: p50,
        unit: 'ms',
        target: { op: '<', limit: base50 * 1.1, text: '≤ 110 %' },
        baseline: { name: `no endpoint (${without.purchases.length} purchases)`, value: base50, unit: 'ms' },
      },
      {
        bench: 'webhooks',
        db,
        figure: 'a label bought while they go out, p95',
        value: p95,
        unit: 'ms',
        target: { op: '<', limit: base95 * 1.1, text: '≤ 110 %' },
        baseline: { name: 'no endpoint', value: base95, unit: 'ms' },
      },
    ];
  } finally {
    await server.stop();
    await receiver.close();
  }
}
