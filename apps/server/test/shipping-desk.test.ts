import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  type Json,
  labelAddress,
  loginToken,
  multipart,
  startApp,
  type TestApp,
} from './helpers.ts';

/** Issue 30's shipping desk: tags, rules (order, first/all, dry run, on arrival), product presets. */
let t: TestApp;
let admin: string;
let merchant: Awaited<ReturnType<typeof createActiveCustomer>>;
let other: Awaited<ReturnType<typeof createActiveCustomer>>;

const api = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const ok = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  expectEnvelope(await api(token, method, url, payload), 200).data as Json;

const FROM = labelAddress('90210', 'Beverly Hills', 'CA');
const draft = async (
  token: string,
  to: ReturnType<typeof labelAddress>,
  weight: number,
  more: Record<string, unknown> = {},
): Promise<number> =>
  (
    await ok(token, 'POST', '/app/order/draft', {
      from: FROM,
      to,
      parcels: [{ length: 6, width: 5, height: 4, weight }],
      ...more,
    })
  ).orderId;
const detail = (token: string, id: number) => ok(token, 'GET', `/app/order/detail/${id}`);
const SENDER = 'Ada,310-555-0100,9450 Wilshire Blvd,Beverly Hills,CA,90210';
const NY = labelAddress('10118', 'New York', 'NY');
const CA = labelAddress('94105', 'San Francisco', 'CA');

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  merchant = await createActiveCustomer(t, admin);
  other = await createActiveCustomer(t, admin);
});
afterAll(async () => t.close());

describe('order tags', () => {
  test('a merchant tags orders one or many at once, filters its list by a tag and sees the tags on the rows; staff see them too', async () => {
    expectFieldError(await api(merchant.token, 'POST', '/app/tags', { name: 'Rush', color: 'red' }), 'color');
    const rush = await ok(merchant.token, 'POST', '/app/tags', { name: 'Rush', color: '#E11D48' });
    expect(rush).toMatchObject({ name: 'Rush', color: '#e11d48' });
    expectFieldError(await api(merchant.token, 'POST', '/app/tags', { name: 'Rush', color: '#000000' }), 'name');
    const gift = await ok(merchant.token, 'POST', '/app/tags', { name: 'Gift', color: '#22c55e' });
    const a = await draft(merchant.token, NY, 1);
    const b = await draft(merchant.token, CA, 1);
    const c = await draft(merchant.token, CA, 2);
    expect(await ok(merchant.token, 'POST', '/app/order/tags', { ids: [a, b], add: [rush.id] })).toEqual({
      updated: 2,
    });
    await ok(merchant.token, 'POST', '/app/order/tags', { ids: [b], add: [gift.id], remove: [rush.id] });

    const tagged = await ok(merchant.token, 'GET', `/app/order/orders?tagId=${rush.id}`);
    expect(tagged.list.map((row: Json) => row.id)).toEqual([a]);
    const all = await ok(merchant.token, 'GET', '/app/order/orders');
    const tagsOf = (id: number) => all.list.find((row: Json) => row.id === id).tags.map((tag: Json) => tag.name);
    expect([tagsOf(a), tagsOf(b), tagsOf(c)]).toEqual([['Rush'], ['Gift'], []]);
    const staff = await ok(admin, 'GET', `/admin/order/orders?userId=${merchant.id}`);
    expect(staff.list.find((row: Json) => row.id === b).tags).toEqual([
      { id: gift.id, name: 'Gift', color: '#22c55e' },
    ]);
  });

  test("another merchant's order or tag is refused on the field, and nothing is tagged", async () => {
    const mine = await draft(merchant.token, NY, 1);
    const theirs = await draft(other.token, NY, 1);
    const [rush] = await ok(merchant.token, 'GET', '/app/tags');
    expectFieldError(
      await api(merchant.token, 'POST', '/app/order/tags', { ids: [mine, theirs], add: [rush.id] }),
      'ids',
    );
    const foreignTag = await ok(other.token, 'POST', '/app/tags', { name: 'Mine', color: '#000000' });
    expectFieldError(
      await api(merchant.token, 'POST', '/app/order/tags', { ids: [mine], add: [foreignTag.id] }),
      'add',
    );
    expect((await detail(merchant.token, mine)).tags).toEqual([]);
    expect((await detail(other.token, theirs)).tags).toEqual([]);
  });
});

describe('rules', () => {
  let seller: Awaited<ReturnType<typeof createActiveCustomer>>;
  let vip: Json;
  const rule = (body: object) => ok(seller.token, 'POST', '/app/rules', body);
  const activate = (id: number) => ok(seller.token, 'PUT', `/app/rules/${id}/active`, { active: true });

  beforeAll(async () => {
    seller = await createActiveCustomer(t, admin);
    vip = await ok(seller.token, 'POST', '/app/tags', { name: 'NY', color: '#0ea5e9' });
  });

  test('a rule with no action, an inverted range or a foreign tag is refused naming the field', async () => {
    expectFieldError(
      await api(seller.token, 'POST', '/app/rules', { name: 'x', conditions: {}, actions: {} }),
      'actions',
    );
    expectFieldError(
      await api(seller.token, 'POST', '/app/rules', {
        name: 'x',
        conditions: { weightMin: 5, weightMax: 1 },
        actions: { hold: true },
      }),
      'conditions.weightMax',
    );
    const foreign = await ok(other.token, 'POST', '/app/tags', { name: 'Theirs', color: '#111111' });
    expectFieldError(
      await api(seller.token, 'POST', '/app/rules', {
        name: 'x',
        conditions: {},
        actions: { addTagIds: [foreign.id] },
      }),
      'actions.addTagIds',
    );
    expect(await ok(seller.token, 'GET', '/app/rules')).toEqual([]);
  });

  test('active rules run in their order on a new draft: `all` lets later rules run, `first` stops, an earlier rule keeps its field', async () => {
    const ny = await rule({
      name: 'NY adult signature',
      matchMode: 'all',
      conditions: { states: ['ny'] },
      actions: { signatureOption: 'adultSignature', addTagIds: [vip.id] },
    });
    const heavy = await rule({
      name: 'Heavy: 3 days, hold',
      matchMode: 'first',
      conditions: { weightMin: 5 },
      actions: { rateChoice: { kind: 'cheapestWithin', days: 3 }, hold: true },
    });
    const everything = await rule({
      name: 'Everything insured',
      matchMode: 'first',
      conditions: {},
      actions: { signatureOption: 'signature', insurance: '10.00' },
    });
    // Not active yet: a new draft is left as it came.
    const before = await detail(seller.token, await draft(seller.token, NY, 1));
    expect(before).toMatchObject({ ruleTrail: [], insurance: '0.00', tags: [], heldForReview: false });
    for (const r of [ny, heavy, everything]) await activate(r.id);

    const light = await detail(seller.token, await draft(seller.token, NY, 1));
    expect(light.extra.signatureOption).toBe('adultSignature');
    expect(light.insurance).toBe('10.00');
    expect(light.tags.map((tag: Json) => tag.name)).toEqual(['NY']);
    expect(light.ruleTrail).toEqual([
      { ruleId: ny.id, ruleName: 'NY adult signature', fields: ['signature', 'tags'] },
      { ruleId: everything.id, ruleName: 'Everything insured', fields: ['insurance'] },
    ]);

    const bulky = await detail(seller.token, await draft(seller.token, CA, 6));
    expect(bulky).toMatchObject({
      rateChoice: { kind: 'cheapestWithin', days: 3 },
      heldForReview: true,
      insurance: '0.00',
      ruleTrail: [{ ruleId: heavy.id, ruleName: 'Heavy: 3 days, hold', fields: ['rateChoice', 'hold'] }],
    });
    expect(bulky.extra.signatureOption).toBe('none');

    // The catch-all moved first: it matches every order and, in `first` mode, stops the list.
    expectFieldError(await api(seller.token, 'PUT', '/app/rules/order', { ids: [everything.id, ny.id] }), 'ids');
    const reordered = await ok(seller.token, 'PUT', '/app/rules/order', { ids: [everything.id, ny.id, heavy.id] });
    expect(reordered.map((r: Json) => r.name)).toEqual([
      'Everything insured',
      'NY adult signature',
      'Heavy: 3 days, hold',
    ]);
    const after = await detail(seller.token, await draft(seller.token, NY, 6));
    expect(after.extra.signatureOption).toBe('signature');
    expect(after.ruleTrail.map((entry: Json) => entry.ruleName)).toEqual(['Everything insured']);
    expect(after.heldForReview).toBe(false);
  });

  test('the dry run answers, order by order, what a rule would change on the last orders, and writes nothing', async () => {
    const snapshot = async () => ({
      orders: await t.ctx.db
        .selectFrom('orders')
        .select(['id', 'updated_at', 'version', 'extra', 'insurance_cents', 'rule_trail', 'held_for_review'])
        .where('user_id', '=', seller.id)
        .orderBy('id')
        .execute(),
      parcels: await t.ctx.db.selectFrom('parcels').selectAll().orderBy('id').execute(),
      tags: await t.ctx.db.selectFrom('order_tags').selectAll().orderBy('order_id').execute(),
      rules: await t.ctx.db.selectFrom('order_rules').selectAll().orderBy('id').execute(),
    });
    const was = await snapshot();
    const answer = await ok(seller.token, 'POST', '/app/rules/dryRun', {
      rule: { name: 'NY hold', conditions: { states: ['NY'] }, actions: { hold: true, signatureOption: 'signature' } },
    });
    expect(answer.examined).toBe(was.orders.length);
    const signatureOf = (id: number) =>
      JSON.parse(was.orders.find((order) => order.id === id)?.extra ?? '{}').signatureOption;
    const nyIds = (
      await t.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', seller.id)
        .where('to_zip', '=', '10118')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    expect(answer.matched).toBe(3);
    expect(answer.rows.map((row: Json) => row.orderId)).toEqual(nyIds);
    // Newest first: the order the catch-all signed shows only the hold; the others their signature too.
    expect(answer.rows.map((row: Json) => row.changes)).toEqual(
      nyIds.map((id) => [
        ...(signatureOf(id) === 'signature'
          ? []
          : [{ field: 'signature', before: signatureOf(id), after: 'signature' }]),
        { field: 'hold', before: 'no', after: 'yes' },
      ]),
    );
    expect(answer.rows.filter((row: Json) => row.changes.length === 1)).toHaveLength(1);
    expect(await snapshot()).toEqual(was);

    const limited = await ok(seller.token, 'POST', '/app/rules/dryRun', {
      rule: { name: 'all', conditions: {}, actions: { hold: true } },
      limit: 2,
    });
    expect(limited.examined).toBe(2);
  });
});

describe('limits of what rules and presets make', () => {
  test('a rule insures no more than one package may declare; presets make no parcel past what a parcel may weigh', async () => {
    const shop = await createActiveCustomer(t, admin);
    expectFieldError(
      await api(shop.token, 'POST', '/app/rules', { name: 'x', conditions: {}, actions: { insurance: '50000.01' } }),
      'actions.insurance',
    );
    expect(await ok(shop.token, 'GET', '/app/rules')).toEqual([]);

    await ok(shop.token, 'POST', '/app/products', { sku: 'ANVIL', weight: 10_000, length: 30, width: 20, height: 20 });
    await ok(shop.token, 'POST', '/app/products', { sku: 'MUG-2', weight: 1.5, length: 8, width: 6, height: 6 });
    const sizeless = async (sku: string, quantity: number) =>
      detail(
        shop.token,
        (
          await ok(shop.token, 'POST', '/app/order/draft', {
            from: FROM,
            to: NY,
            parcels: [{ weight: 1 }],
            items: [{ sku, name: sku, quantity }],
          })
        ).orderId,
      );
    expect((await sizeless('MUG-2', 2)).parcels).toMatchObject([{ length: 8, width: 6, height: 6, weight: 3 }]);
    const anvils = await sizeless('ANVIL', 100_000);
    expect(anvils.parcels).toHaveLength(1);
    expect(anvils.parcels[0].weight).toBeLessThanOrEqual(100_000);
    expect(anvils.parcels[0]).not.toMatchObject({ length: 30, width: 20, height: 20 });
  });
});

describe('product presets and rules on an import', () => {
  test('an imported order listing items only gets its parcel from their presets, its new SKUs join the catalogue, and a SKU rule sets it', async () => {
    const shop = await createActiveCustomer(t, admin);
    expectFieldError(await api(shop.token, 'POST', '/app/products', { sku: '' }), 'sku');
    await ok(shop.token, 'POST', '/app/products', {
      sku: 'MUG-1',
      name: 'Mug',
      weight: 1.5,
      length: 8,
      width: 6,
      height: 6,
    });
    expectFieldError(await api(shop.token, 'POST', '/app/products', { sku: 'MUG-1' }), 'sku');
    const fragile = await ok(shop.token, 'POST', '/app/tags', { name: 'Fragile', color: '#f59e0b' });
    const mugRule = await ok(shop.token, 'POST', '/app/rules', {
      name: 'Mugs are fragile',
      conditions: { skus: ['MUG-1'] },
      actions: { addTagIds: [fragile.id], signatureOption: 'signature' },
    });
    await ok(shop.token, 'PUT', `/app/rules/${mugRule.id}/active`, { active: true });

    const header =
      'Order group,Sender name,Sender phone,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height,Weight,SKU,Item name,Quantity';
    const csv = [
      header,
      `A,${SENDER},Grace,350 5th Ave,New York,NY,10118,,,,,MUG-1,Mug,2`,
      `B,${SENDER},Lin,1 Market St,San Francisco,CA,94105,10,8,4,2,TEE-9,T-shirt,1`,
    ].join('\n');
    const res = await call(t.app, shop.token, {
      method: 'POST',
      url: '/api/app/order/import',
      ...multipart('orders.csv', Buffer.from(csv), 'text/csv'),
    });
    const result = expectEnvelope(res, 200).data;
    expect(result).toMatchObject({ created: 2, errors: [] });

    const list = (await ok(shop.token, 'GET', '/app/order/orders')).list as Json[];
    const mugs = await detail(shop.token, list.find((row) => row.toPersonName === 'Grace').id);
    expect(mugs.parcels).toMatchObject([{ length: 8, width: 6, height: 6, weight: 3, massUnit: 'lb' }]);
    expect(mugs.items).toEqual([{ sku: 'MUG-1', name: 'Mug', quantity: 2, price: '0.00' }]);
    expect(mugs.tags.map((tag: Json) => tag.name)).toEqual(['Fragile']);
    expect(mugs.ruleTrail).toEqual([
      { ruleId: mugRule.id, ruleName: 'Mugs are fragile', fields: ['signature', 'tags'] },
    ]);
    const tees = await detail(shop.token, list.find((row) => row.toPersonName === 'Lin').id);
    expect(tees.parcels).toMatchObject([{ length: 10, width: 8, height: 4, weight: 2 }]);
    expect(tees.ruleTrail).toEqual([]);

    const products = await ok(shop.token, 'GET', '/app/products');
    expect(products.list.map((p: Json) => [p.sku, p.name, p.weight])).toEqual([
      ['MUG-1', 'Mug', 1.5],
      ['TEE-9', 'T-shirt', 0],
    ]);
  });
});
