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
    // Messages as kept before they had keys (migration 0035): shown as written, in any language.
    const kept = (userId: number, type: string, title: string, content: string) =>
      t.ctx.db
        .insertInto('user_messages')
        .values({ user_id: userId, type, title, content, title_key: null, content_key: null, created_at: Date.now() })
        .execute();
    await kept(customer.id, 'message', 'Label ready', 'Order 1 has a label');
    await kept(customer.id, 'message', 'Parcel delivered', 'Order 2 arrived');
    await kept(customer.id, 'notice', 'Holiday hours', 'Closed on Monday');
    await kept(customer.id, 'todo', 'Verify your company', '');
    await kept(other.id, 'message', 'Not yours', 'secret');
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

  test("a message is shown in the reader's language, whoever caused it", async () => {
    const reader = await createActiveCustomer(t, adminToken);
    await notifyUser(t.ctx.db, reader.id, {
      type: 'message',
      title: 'msgWorkOrderReplyTitle',
      content: 'msgWorkOrderReplyBody',
      params: { ticketNo: 'WO-1', subject: 'Where is my parcel' },
    });
    const read = async (language: string) =>
      expectEnvelope(
        await call(t.app, reader.token, {
          method: 'GET',
          url: '/api/user/messages',
          headers: { 'accept-language': language },
        }),
        200,
      ).data[0] as Message;
    const english = await read('en-US');
    const chinese = await read('zh-CN');
    expect(english.title).toContain('WO-1');
    expect(chinese.title).toContain('WO-1');
    expect(english.title).not.toBe(chinese.title);
    expect(chinese.title).toMatch(/[\u4e00-\u9fff]/);
    expect(english.content).toContain('Where is my parcel');
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
