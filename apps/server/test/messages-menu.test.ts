import type { RouteMeta } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifyUser } from '../src/modules/messages/repo.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

interface Message {
  id: number;
  type: string;
  title: string;
  content: string;
  status: number;
  time: string;
}

describe('message box', () => {
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  let other: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    customer = await createActiveCustomer(t, adminToken);
    other = await createActiveCustomer(t, adminToken);
    const db = t.ctx.db;
    await notifyUser(db, customer.id, { type: 'message', title: 'Label ready', content: 'Order 1 has a label' });
    await notifyUser(db, customer.id, { type: 'message', title: 'Parcel delivered', content: 'Order 2 arrived' });
    await notifyUser(db, customer.id, { type: 'notice', title: 'Holiday hours', content: 'Closed on Monday' });
    await notifyUser(db, customer.id, { type: 'todo', title: 'Verify your company', content: '' });
    await notifyUser(db, other.id, { type: 'message', title: 'Not yours', content: 'secret' });
  });

  const messages = async (token: string, query = '') =>
    expectEnvelope(await call(t.app, token, { method: 'GET', url: `/api/user/messages${query}` }), 200)
      .data as Message[];
  const markRead = (token: string, payload: object) =>
    call(t.app, token, { method: 'POST', url: '/api/user/messages/read', payload });

  test("lists the user's own messages, newest first, all unread at first", async () => {
    const list = await messages(customer.token);
    expect(list.map((message) => message.title)).toEqual([
      'Verify your company',
      'Holiday hours',
      'Parcel delivered',
      'Label ready',
    ]);
    expect(list.every((message) => message.status === 0)).toBe(true);
    expect(list[1]).toMatchObject({ type: 'notice', content: 'Closed on Monday' });
    expect(new Date(list[0]!.time).toISOString()).toBe(list[0]!.time);
    expect(JSON.stringify(list)).not.toContain('Not yours');
  });

  test('filters by type: message, notice, todo', async () => {
    expect((await messages(customer.token, '?type=message')).map((m) => m.title)).toEqual([
      'Parcel delivered',
      'Label ready',
    ]);
    expect((await messages(customer.token, '?type=notice')).map((m) => m.title)).toEqual(['Holiday hours']);
    expect((await messages(customer.token, '?type=todo')).map((m) => m.title)).toEqual(['Verify your company']);
    expectFieldError(await call(t.app, customer.token, { method: 'GET', url: '/api/user/messages?type=spam' }), 'type');
  });

  test('marking read sets status 1 on those messages only, and unread ones come first', async () => {
    const [, , delivered] = await messages(customer.token);
    expectEnvelope(await markRead(customer.token, { ids: [delivered!.id] }), 200);
    const list = await messages(customer.token);
    expect(list.find((m) => m.id === delivered!.id)?.status).toBe(1);
    expect(list.filter((m) => m.status === 0)).toHaveLength(3);
    expect(list.at(-1)?.id).toBe(delivered!.id);
  });

  test("nobody can mark another user's messages read", async () => {
    const [theirs] = await messages(other.token);
    expectEnvelope(await markRead(customer.token, { ids: [theirs!.id] }), 200);
    expect((await messages(other.token))[0]?.status).toBe(0);
    expectEnvelope(await markRead(customer.token, {}), 200);
    expect((await messages(other.token))[0]?.status).toBe(0);
  });

  test('marking read without ids marks all of mine (mark all read)', async () => {
    expectEnvelope(await markRead(customer.token, {}), 200);
    expect((await messages(customer.token)).every((message) => message.status === 1)).toBe(true);
  });

  test('bad ids are a 400 naming ids', async () => {
    expectFieldError(await markRead(customer.token, { ids: ['x'] }), 'ids.0');
    expectFieldError(await markRead(customer.token, { ids: 'all' }), 'ids');
  });
});

describe('menu from the server', () => {
  const names = (items: RouteMeta[]): string[] => items.flatMap((item) => [item.name, ...names(item.children ?? [])]);
  const menu = async (token: string) =>
    expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/user/menu' }), 200).data as RouteMeta[];

  test('a customer gets the routes it may see and no admin area', async () => {
    const customer = await createActiveCustomer(t, adminToken);
    const items = await menu(customer.token);
    expect(names(items)).toEqual(expect.arrayContaining(['dashboard', 'Workplace', 'settings', 'account']));
    expect(names(items)).not.toContain('adminSettings');
    expect(names(items)).not.toContain('userManagement');
    // Sorted by order; the two external links are there as menu items.
    const orders = items.map((item) => item.order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(items.filter((item) => item.href).map((item) => item.name)).toEqual(['docs', 'faq']);
  });

  test('the administrator also gets the admin area with user management', async () => {
    const items = await menu(adminToken);
    const admin = items.find((item) => item.name === 'adminSettings');
    expect(admin).toMatchObject({ path: '/adminSettings', order: 12, icon: 'settings' });
    expect(admin?.children?.map((child) => child.name)).toContain('userManagement');
    expect(names(items)).toContain('Workplace');
  });

  test('a seller (menuSystem, adminList) gets the admin area, an overseas-warehouse user does not', async () => {
    const seller = await createStaff(t, adminToken, ['seller']);
    expect(names(await menu(seller.token))).toContain('userManagement');
    const warehouse = await createStaff(t, adminToken, ['overseasWarehouse']);
    expect(names(await menu(warehouse.token))).not.toContain('adminSettings');
  });

  test('needs a signed-in user', async () => {
    expectEnvelope(await call(t.app, null, { method: 'POST', url: '/api/user/menu' }), 401);
  });
});
