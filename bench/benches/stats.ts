/**
 * The statistics at volume (issue 13): with the million orders of the list bench in the database, 40 sellers
 * owning four in five merchants (the first seller owns the biggest one), each statistics call of docs/spec.md
 * §7 (`allSellers` among them, and `salesAndOrders` for the CNY wallet too) and the workplaces, asked one at
 * a time over real HTTP for the last 30 and the last 365 days (the longest period a call accepts). The figure
 * is the slowest of the calls' p95, per period; the baseline is the raw SQL of the per-day figures (labels
 * and sales by day) over the orders of the same span, one query through the driver. The financial report's
 * workbook, all the figures at once, is shown beside.
 */
import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { Api } from '../lib/api.ts';
import type { Raw } from '../lib/target.ts';
import { log, now, percentile, type Result } from '../lib/util.ts';

const SELLERS = 40;
const RUNS = 15;
const WARM_UP = 3;
const DAY = 86_400_000;

interface Call {
  name: string;
  api: Api;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** Sellers made as staff make them (POST /api/staff/register with the seller role), then given merchants. */
async function makeSellers(admin: Api, raw: Raw, mainUserId: number): Promise<number[]> {
  const [role] = await raw.query(`select id from roles where code = 'seller'`);
  if (!role) throw new Error('no seller role');
  const ids: number[] = [];
  for (let k = 0; k < SELLERS; k++) {
    const { id } = await admin.call<{ id: number }>('POST', '/api/staff/register', {
      email: `seller${k}@sales.bench`,
      password: 'Seller#Bench1',
      firstName: 'Seller',
      lastName: String(k),
      roleIds: [role.id],
    });
    ids.push(id);
  }
  // Four merchants in five belong to a seller; the others are the platform's own customers.
  await raw.exec(
    `update users set owner_id = case ${ids.map((id, k) => `when id % 50 = ${k} then ${id}`).join(' ')} end
     where username like 'bulk%@shop.bench' and id % 50 < ${SELLERS}`,
  );
  await raw.query('update users set owner_id = ? where id = ?', [ids[0], mainUserId]);
  return ids;
}

/** The p95 of `RUNS` sends one at a time, after `WARM_UP` unmeasured ones. */
async function p95(send: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await send();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = now();
    await send();
    times.push(now() - start);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

const sendOf = (call: Call) => () =>
  call.method === 'GET' ? call.api.call('GET', call.path) : call.api.call('POST', call.path, call.body);

/** The export answers a workbook, not JSON: a whole download. */
const downloadOf = (admin: Api, query: string) => async () => {
  const res = await fetch(`${admin.base}/api/admin/statistics/down?${query}`, { headers: admin.headers() });
  if (res.status !== 200) throw new Error(`statistics export answered ${res.status}`);
  await res.arrayBuffer();
};

export async function statsBench(
  db: 'sqlite' | 'postgres',
  raw: Raw,
  admin: Api,
  merchant: Api,
  mainUserId: number,
): Promise<Result[]> {
  const sellers = await makeSellers(admin, raw, mainUserId);
  const seller = await admin.login('seller0@sales.bench', 'Seller#Bench1');
  const results: Result[] = [];
  for (const days of [30, 365]) {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.parse(to) - (days - 1) * DAY).toISOString().slice(0, 10);
    const period = { from, to };
    const query = `from=${from}&to=${to}`;
    const calls: Call[] = [
      { name: 'salesAndOrders', api: admin, method: 'POST', path: '/api/admin/salesAndOrders', body: period },
      {
        name: 'getDailyOrderQuantity',
        api: admin,
        method: 'POST',
        path: '/api/admin/getDailyOrderQuantity',
        body: period,
      },
      {
        name: 'dailyAmountGroupBySeller',
        api: admin,
        method: 'POST',
        path: '/api/admin/dailyAmountGroupBySeller',
        body: period,
      },
      {
        name: 'sellerUserDayStatistics',
        api: admin,
        method: 'POST',
        path: '/api/admin/sellerUserDayStatistics',
        body: { ...period, sellerId: sellers[0] },
      },
      {
        name: 'sellerPerformanceStatistics',
        api: admin,
        method: 'POST',
        path: '/api/admin/sellerPerformanceStatistics',
        body: period,
      },
      {
        name: 'seller: own sellerPerformanceStatistics',
        api: seller,
        method: 'POST',
        path: '/api/admin/sellerPerformanceStatistics',
        body: period,
      },
      // The sellers for the report's filters: the 40 of them as staff, itself as a seller.
      { name: 'allSellers', api: admin, method: 'POST', path: '/api/admin/allSellers', body: {} },
      { name: 'seller: own allSellers', api: seller, method: 'POST', path: '/api/admin/allSellers', body: {} },
      // Another wallet's figures read the same day totals (none of the generated orders is paid in CNY).
      {
        name: 'salesAndOrders in CNY',
        api: admin,
        method: 'POST',
        path: '/api/admin/salesAndOrders',
        body: { ...period, currency: 'CNY' },
      },
      { name: 'staff workplace', api: admin, method: 'GET', path: `/api/admin/workplace?${query}` },
      { name: 'merchant workplace', api: merchant, method: 'GET', path: `/api/app/workplace?${query}` },
    ];
    log(`${db}: statistics over the last ${days} days, ${calls.length + 1} calls × ${RUNS}`);
    const figures: [string, number][] = [];
    for (const call of calls) figures.push([call.name, await p95(sendOf(call))]);
    const exportMs = await p95(downloadOf(admin, query));

    const span = [Date.parse(from), Date.parse(to) + DAY];
    const rawSql = `select label_created_at / ${DAY} as day, count(*) as labels, sum(coalesce(rate, 0) + insurance_fee) as sales
      from orders where status in (${LABEL_PAID_STATUSES.join(', ')}) and label_created_at >= ? and label_created_at < ?
      group by label_created_at / ${DAY}`;
    const rawP95 = await p95(() => raw.query(rawSql, span));

    const slowest = figures.reduce((worst, figure) => (figure[1] > worst[1] ? figure : worst));
    results.push({
      bench: 'stats',
      db,
      figure: `slowest statistics call p95, last ${days} days, 1M orders`,
      value: slowest[1],
      unit: 'ms',
      target: { op: '<', limit: 300 },
      baseline: { name: 'raw SQL of the per-day figures p95', value: rawP95, unit: 'ms' },
      note: `slowest: ${slowest[0]}; ${figures.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`,
    });
    results.push({
      bench: 'stats',
      db,
      figure: `the financial report's workbook (xlsx) p95, last ${days} days`,
      value: exportMs,
      unit: 'ms',
      target: null,
      baseline: null,
      note: 'every figure of the screen at once, written as a workbook and downloaded',
    });
  }
  return results;
}
