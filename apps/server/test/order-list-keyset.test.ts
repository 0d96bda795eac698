import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOTAL_CAP } from '../src/modules/orders/order-list-repo.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  importDrafts as importDraftsAs,
  labelAddress,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 29: the order lists at volume. Keyset paging (`after`), the bounded total ("more than 10,000"), and
 * the filtered export streamed as csv or xlsx.
 */
interface Page {
  list: { id: number; orderNo: string; toPersonName: string }[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

describe('order lists at volume', () => {
  let t: TestApp;
  let admin: string;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    customer = await createActiveCustomer(t, admin);
  });
  afterAll(async () => t.close());

  const importDrafts = (count: number, prefix: string) => importDraftsAs(t.app, customer.token, count, prefix);

  const list = async (token: string, side: 'app' | 'admin', query: string): Promise<Page> => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/${side}/order/orders?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  test('paging by keyset shows every order once, in order, while new orders arrive', async () => {
    const batch = await importDrafts(230, 'Keyset ');
    const seen: number[] = [];
    let after: number | undefined;
    for (let page = 1; ; page++) {
      const answer = await list(
        customer.token,
        'app',
        `keyword=Keyset&pageSize=50&page=${page}${after ? `&after=${after}` : ''}`,
      );
      if (answer.list.length === 0) break;
      seen.push(...answer.list.map((order) => order.id));
      after = answer.list.at(-1)?.id;
      // Someone imports more between two pages: by offset every later page would start 20 rows back and
      // repeat what the page before showed.
      if (page <= 2) await importDrafts(20, 'Keyset late ');
    }
    const first = await list(customer.token, 'app', `batchNo=${batch}&pageSize=1000`);
    expect(first.list).toHaveLength(230);
    // Every order there was when the paging began exactly once, newest first (the late ones are newer:
    // a fresh first page shows them).
    expect(seen).toEqual(first.list.map((order) => order.id));
    const fresh = await list(customer.token, 'app', 'keyword=Keyset&pageSize=50');
    expect(fresh.list.slice(0, 40).every((order) => order.toPersonName.startsWith('Keyset late'))).toBe(true);
    // A period is paged along the creation time the same way: every order of it once, newest first.
    const all = await list(customer.token, 'app', 'keyword=Keyset&pageSize=1000');
    const today = new Date().toISOString().slice(0, 10);
    const inPeriod: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const answer = await list(
        customer.token,
        'app',
        `keyword=Keyset&from=${today}&to=${today}&pageSize=50${cursor ? `&after=${cursor}` : ''}`,
      );
      if (answer.list.length === 0) break;
      inPeriod.push(...answer.list.map((order) => order.id));
      cursor = answer.list.at(-1)?.id;
    }
    expect(inPeriod).toEqual(all.list.map((order) => order.id));
    expect(inPeriod).toHaveLength(270);
    // Staff page their customers' orders the same way, and a bad cursor is refused naming it.
    const staff = await list(admin, 'admin', `userId=${customer.id}&keyword=Keyset&pageSize=50&after=${seen[49]}`);
    expect(staff.list.map((order) => order.id)).toEqual(seen.slice(50, 100));
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/admin/order/orders?after=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('after');
  });

  test('oldest first (a saved view’s sort) pages by keyset the other way, over all orders and within a period', async () => {
    await importDrafts(120, 'Oldest ');
    const newest = await list(customer.token, 'app', 'keyword=Oldest&pageSize=1000');
    expect(newest.list).toHaveLength(120);
    const today = new Date().toISOString().slice(0, 10);
    for (const period of ['', `&from=${today}&to=${today}`]) {
      const seen: number[] = [];
      let after: number | undefined;
      for (;;) {
        const answer = await list(
          customer.token,
          'app',
          `keyword=Oldest&sort=oldest&pageSize=50${period}${after ? `&after=${after}` : ''}`,
        );
        if (answer.list.length === 0) break;
        expect(answer.total).toBe(120);
        seen.push(...answer.list.map((order) => order.id));
        after = answer.list.at(-1)?.id;
      }
      expect(seen).toEqual(newest.list.map((order) => order.id).reverse());
    }
    // Pages by offset too; an unknown order is refused naming the field.
    const second = await list(customer.token, 'app', 'keyword=Oldest&sort=oldest&pageSize=50&page=2');
    expect(second.list.map((order) => order.id)).toEqual(
      newest.list
        .map((order) => order.id)
        .reverse()
        .slice(50, 100),
    );
    const bad = await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/orders?sort=cheapest' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(['sort']);
  });

  test(`a list of more than ${TOTAL_CAP.toLocaleString('en-US')} orders says "more than", a small one counts exactly`, async () => {
    // TOTAL_CAP more drafts, written as the import writes them (one template row copied, numbers of their own).
    const template = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...row } = template;
    for (let start = 0; start < TOTAL_CAP; start += 500) {
      await t.ctx.db
        .insertInto('orders')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            ...row,
            order_no: `CAP${String(start + i).padStart(8, '0')}`,
            to_name: `Capped ${start + i}`,
            batch_no: 'CAPPED',
          })),
        )
        .execute();
    }
    const big = await list(admin, 'admin', 'pageSize=50');
    expect(big).toMatchObject({ total: TOTAL_CAP, totalCapped: true, page: 1 });
    expect(big.list).toHaveLength(50);
    const mine = await list(customer.token, 'app', 'status=0&pageSize=50&page=3');
    expect(mine).toMatchObject({ total: TOTAL_CAP, totalCapped: true, page: 3 });
    const small = await list(admin, 'admin', `keyword=${encodeURIComponent('Keyset late')}&pageSize=50`);
    expect(small).toMatchObject({ totalCapped: false });
    expect(small.total).toBe(small.list.length);
    expect(await list(admin, 'admin', 'status=1')).toMatchObject({ total: 0, totalCapped: false, list: [] });
    // The last orders are still reached page by page past the cap.
    const tail = await list(admin, 'admin', `batchNo=CAPPED&pageSize=1000&after=${big.list[0]?.id}`);
    expect(tail.list).toHaveLength(1000);
  }, 120_000);

  test('the filtered export streams every order of the filter as csv, in the reader’s language', async () => {
    const weird = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: { ...labelAddress('78701', 'Austin', 'TX'), personName: '=HYPERLINK("http://x.test","Capped, "quoted"")' },
        parcels: [{ length: 6, width: 6, height: 6, weight: 1 }],
      },
    });
    expect(weird.statusCode, weird.body).toBe(200);
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/order/order/down?format=csv&keyword=Capped',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/orders-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.split(',').slice(0, 2)).toEqual(['订单号', '跟踪号']);
    // Every one of the 10,000 capped drafts (the list shows only "more than 10,000") and the odd one.
    const numbers = new Set(lines.slice(1).map((line) => line.split(',')[0]));
    expect(lines).toHaveLength(TOTAL_CAP + 2);
    expect(numbers.size).toBe(TOTAL_CAP + 1);
    expect(numbers.has(`CAP${String(TOTAL_CAP - 1).padStart(8, '0')}`)).toBe(true);
    // A spreadsheet reads the odd name as text, whole: never as a formula, its comma and quotes kept.
    expect(lines.find((line) => line.startsWith(weird.json().data.orderNo))).toContain(
      `"'=HYPERLINK(""http://x.test"",""Capped, ""quoted"""")"`,
    );

    const xlsx = await call(t.app, admin, { method: 'GET', url: '/api/admin/order/order/down?keyword=Capped' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    expect(workbook.worksheets[0]?.rowCount).toBe(TOTAL_CAP + 2);
  }, 120_000);
});
