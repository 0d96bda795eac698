import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  type Json,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

const entry = (overrides: Record<string, unknown> = {}) => ({
  title: 'Warehouse',
  personName: 'Ann Lee',
  phone: '212-555-0100',
  company: 'Acme',
  countryCode: 'US',
  stateCode: 'NY',
  // In the standard (USPS) form, so that the check suggests no correction.
  city: 'NEW YORK',
  addressLine1: '350 5TH AVE',
  zipCode: '10118',
  ...overrides,
});

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Small box',
  quantity: 1,
  length: 10,
  width: 8,
  height: 4,
  weight: 2.5,
  unit: 'lb/in',
  ...overrides,
});

describe('address book', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  const save = (payload: object, who = token) =>
    call(t.app, who, { method: 'POST', url: '/api/app/user/address', payload });
  const list = async (query = '', who = token) =>
    expectEnvelope(await call(t.app, who, { method: 'GET', url: `/api/app/user/address/list${query}` }), 200).data;

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    token = (await createActiveCustomer(t, admin)).token;
  });
  afterAll(async () => t.close());

  test('an entry without title, name, phone, street or ZIP is refused naming each, and nothing is saved', async () => {
    const res = await save({ countryCode: 'US', city: 'New York' });
    for (const field of ['title', 'personName', 'phone', 'addressLine1', 'zipCode']) expectFieldError(res, field);
    expect((await list()).total).toBe(0);
  });

  test('a saved US address is checked: a good one is valid, an unknown ZIP is invalid with the reason', async () => {
    const good = expectEnvelope(await save(entry()), 200).data;
    expect(good).toMatchObject({ title: 'Warehouse', personName: 'Ann Lee', isValid: 1, validationNote: '' });
    const bad = expectEnvelope(await save(entry({ title: 'Typo', zipCode: '00000' })), 200).data;
    expect(bad.isValid).toBe(3);
    expect(bad.validationNote).toContain('this ZIP code does not exist');
    const abroad = expectEnvelope(
      await save(entry({ title: 'Toronto', countryCode: 'CA', stateCode: 'ON', city: 'Toronto', zipCode: 'M5V 2T6' })),
      200,
    ).data;
    expect(abroad.isValid).toBe(0);
  });

  test('a missing city and state are filled from a known US ZIP', async () => {
    const saved = expectEnvelope(await save(entry({ title: 'From ZIP', city: '', stateCode: '' })), 200).data;
    expect(saved).toMatchObject({ city: 'NEW YORK', stateCode: 'NY' });
  });

  test('titles are unique per merchant: a taken one is refused on the title field, another merchant may use it', async () => {
    const before = (await list()).total;
    const message = expectFieldError(await save(entry()), 'title');
    expect(message).toBe('This title is already used in your address book');
    expect((await list()).total).toBe(before);
    const other = (await createActiveCustomer(t, admin)).token;
    expectEnvelope(await save(entry(), other), 200);
  });

  test('one default sender at most, listed first', async () => {
    const first = expectEnvelope(await save(entry({ title: 'Default A', isDefaultSender: true })), 200).data;
    const second = expectEnvelope(await save(entry({ title: 'Default B', isDefaultSender: true })), 200).data;
    const { list: entries } = await list();
    expect(entries[0]).toMatchObject({ id: second.id, isDefaultSender: true });
    expect(entries.filter((e: Json) => e.isDefaultSender)).toHaveLength(1);
    const again = expectEnvelope(
      await call(t.app, token, {
        method: 'PUT',
        url: `/api/app/user/address/${first.id}`,
        payload: entry({ title: 'Default A', isDefaultSender: true }),
      }),
      200,
    ).data;
    expect(again.isDefaultSender).toBe(true);
    expect((await list()).list.filter((e: Json) => e.isDefaultSender).map((e: Json) => e.id)).toEqual([first.id]);
  });

  test('the keyword finds entries by name, company, city, ZIP or street, and pages hold pageSize entries', async () => {
    await save(
      entry({ title: 'Keyword', personName: 'Zelda Quux', zipCode: '90210', city: 'Beverly Hills', stateCode: 'CA' }),
    );
    const found = await list('?keyword=quux');
    expect(found.list.map((e: Json) => e.title)).toEqual(['Keyword']);
    expect((await list('?keyword=90210')).total).toBe(1);
    const all = await list();
    expect(all.total).toBeGreaterThan(3);
    const page = await list(`?page=2&pageSize=50`);
    expect(page).toMatchObject({ page: 2, pageSize: 50, list: [] });
  });

  test('an entry is rewritten by its owner only; another merchant gets 404 and deletes nothing', async () => {
    const saved = expectEnvelope(await save(entry({ title: 'Mine' })), 200).data;
    const other = (await createActiveCustomer(t, admin)).token;
    const url = `/api/app/user/address/${saved.id}`;
    expectEnvelope(await call(t.app, other, { method: 'GET', url }), 404);
    expectEnvelope(await call(t.app, other, { method: 'PUT', url, payload: entry({ title: 'Stolen' }) }), 404);
    const deleted = await call(t.app, other, {
      method: 'DELETE',
      url: '/api/app/user/address',
      payload: { ids: [saved.id] },
    });
    expect(expectEnvelope(deleted, 200).data.deleted).toBe(0);

    const rewritten = expectEnvelope(
      await call(t.app, token, { method: 'PUT', url, payload: entry({ title: 'Mine', personName: 'Bo Chen' }) }),
      200,
    ).data;
    expect(rewritten.personName).toBe('Bo Chen');
    expect(expectEnvelope(await call(t.app, token, { method: 'GET', url }), 200).data.personName).toBe('Bo Chen');
    const mine = await call(t.app, token, {
      method: 'DELETE',
      url: '/api/app/user/address',
      payload: { ids: [saved.id] },
    });
    expect(expectEnvelope(mine, 200).data.deleted).toBe(1);
    expectEnvelope(await call(t.app, token, { method: 'GET', url }), 404);
  });
});

describe('package templates', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  const url = '/api/app/user/packageTemplate';

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    token = (await createActiveCustomer(t, admin)).token;
  });
  afterAll(async () => t.close());

  test('every field is required; bad numbers and units are refused naming the field', async () => {
    const empty = await call(t.app, token, { method: 'POST', url, payload: {} });
    for (const field of ['name', 'quantity', 'length', 'width', 'height', 'weight', 'unit']) {
      expectFieldError(empty, field);
    }
    expectFieldError(await call(t.app, token, { method: 'POST', url, payload: template({ length: 0 }) }), 'length');
    expectFieldError(
      await call(t.app, token, { method: 'POST', url, payload: template({ quantity: 1.5 }) }),
      'quantity',
    );
    expectFieldError(await call(t.app, token, { method: 'POST', url, payload: template({ unit: 'oz/ft' }) }), 'unit');
    const listed = await call(t.app, token, { method: 'GET', url: `${url}/list` });
    expect(expectEnvelope(listed, 200).data.total).toBe(0);
  });

  test('a merchant saves, lists by name, rewrites and deletes templates; names are unique per merchant', async () => {
    const small = expectEnvelope(await call(t.app, token, { method: 'POST', url, payload: template() }), 200).data;
    expect(small).toMatchObject({ name: 'Small box', quantity: 1, length: 10, weight: 2.5, unit: 'lb/in' });
    await call(t.app, token, { method: 'POST', url, payload: template({ name: 'Big crate', unit: 'kg/cm' }) });
    const taken = expectFieldError(await call(t.app, token, { method: 'POST', url, payload: template() }), 'name');
    expect(taken).toBe('A package template with this name already exists');

    const listed = expectEnvelope(await call(t.app, token, { method: 'GET', url: `${url}/list` }), 200).data;
    expect(listed.list.map((row: Json) => row.name)).toEqual(['Big crate', 'Small box']);
    const found = expectEnvelope(await call(t.app, token, { method: 'GET', url: `${url}/list?keyword=small` }), 200);
    expect(found.data.list.map((row: Json) => row.name)).toEqual(['Small box']);

    const rewritten = await call(t.app, token, {
      method: 'PUT',
      url: `${url}/${small.id}`,
      payload: template({ quantity: 3, height: 5.5 }),
    });
    expect(expectEnvelope(rewritten, 200).data).toMatchObject({ quantity: 3, height: 5.5 });

    const other = (await createActiveCustomer(t, admin)).token;
    expectEnvelope(await call(t.app, other, { method: 'PUT', url: `${url}/${small.id}`, payload: template() }), 404);
    expectEnvelope(await call(t.app, other, { method: 'POST', url, payload: template() }), 200);

    const deleted = await call(t.app, token, { method: 'DELETE', url, payload: { ids: [small.id] } });
    expect(expectEnvelope(deleted, 200).data.deleted).toBe(1);
    const after = expectEnvelope(await call(t.app, token, { method: 'GET', url: `${url}/list` }), 200).data;
    expect(after.list.map((row: Json) => row.name)).toEqual(['Big crate']);
  });

  test('templates need the templateAdd permission', async () => {
    const finance = await createStaff(t, admin, ['finance']);
    expectEnvelope(await call(t.app, finance.token, { method: 'GET', url: `${url}/list` }), 403);
    expectEnvelope(await call(t.app, finance.token, { method: 'POST', url, payload: template() }), 403);
  });
});
