import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedOrders } from '../src/modules/orders/index.ts';
import { ADMIN, createActiveCustomer, importDrafts, loginToken, startApp, type TestApp } from './helpers.ts';

/**
 * A download's selection read in small chunks (the labels zip and the merged PDF read eight orders at a time, so
 * that their rows die young while labels are drawn): the same orders, in the same order, with the same parcels,
 * as the 200-order pages, across a page's end.
 */
describe('selected orders in chunks', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  beforeAll(async () => {
    t = await startApp();
    customer = await createActiveCustomer(t, await loginToken(t.app, ADMIN.username, ADMIN.password));
    await importDrafts(t.app, customer.token, 213, 'Chunked ');
  });
  afterAll(async () => t.close());

  async function read(chunk?: number, selection = {}) {
    const pages: { id: number; parcels: number[] }[][] = [];
    for await (const page of selectedOrders(t.ctx.db, { userId: customer.id }, selection, false, chunk))
      pages.push(page.map(({ order, parcels }) => ({ id: order.id, parcels: parcels.map((parcel) => parcel.id) })));
    return pages;
  }

  test('chunks of eight hold what the pages of 200 hold, newest first, each order with its parcels', async () => {
    const pages = await read();
    expect(pages.map((page) => page.length)).toEqual([200, 13]);
    const chunks = await read(8);
    expect(chunks.every((chunk) => chunk.length > 0 && chunk.length <= 8)).toBe(true);
    // 200 ids make 25 chunks of eight, then the 13 left make two.
    expect(chunks.map((chunk) => chunk.length)).toEqual([...Array(25).fill(8), 8, 5]);
    expect(chunks.flat()).toEqual(pages.flat());
    expect(pages.flat().every((order) => order.parcels.length === 1)).toBe(true);
  });

  test('chunks keep to an explicit selection of ids', async () => {
    const all = (await read()).flat();
    const ids = all.filter((_, i) => i % 3 === 0).map((order) => order.id);
    const chunks = await read(8, { ids });
    expect(chunks.flat().map((order) => order.id)).toEqual(ids);
  });
});
