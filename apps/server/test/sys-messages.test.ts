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

describe('system messages', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => t.close());

  const send = (payload: object, token = admin) =>
    call(t.app, token, { method: 'POST', url: '/api/admin/sysMessage/create', payload });
  const inbox = async (token: string, query = '') =>
    expectEnvelope(await call(t.app, token, { method: 'GET', url: `/api/app/sysMessage/list${query}` }), 200).data;

  test('title and content are required; picked users must exist', async () => {
    const empty = await send({ audience: 'all' });
    expectFieldError(empty, 'title');
    expectFieldError(empty, 'content');
    expectFieldError(await send({ title: 'x', content: 'y', audience: 'users', userIds: [] }), 'userIds');
    expectFieldError(await send({ title: 'x', content: 'y', audience: 'users', userIds: [987654] }), 'userIds');
    const sent = expectEnvelope(await call(t.app, admin, { method: 'GET', url: '/api/admin/sysMessage/list' }), 200);
    expect(sent.data.total).toBe(0);
  });

  test('each reader gets the messages for its audience, marks them read, and the sender sees how many read', async () => {
    const alice = await createActiveCustomer(t, admin);
    const bob = await createActiveCustomer(t, admin);
    const finance = await createStaff(t, admin, ['finance']);
    expectEnvelope(await send({ title: 'Holiday pickups', content: 'No pickups on the 25th', audience: 'all' }), 200);
    expectEnvelope(await send({ title: 'New USPS rates', content: 'From January', audience: 'customers' }), 200);
    expectEnvelope(await send({ title: 'Staff meeting', content: 'Monday 9:00', audience: 'staff' }), 200);
    expectEnvelope(
      await send({ title: 'Your account review', content: 'Please upload…', audience: 'users', userIds: [alice.id] }),
      200,
    );

    const titles = async (token: string) => (await inbox(token)).list.map((message: Json) => message.title);
    expect(await titles(alice.token)).toEqual(['Your account review', 'New USPS rates', 'Holiday pickups']);
    expect(await titles(bob.token)).toEqual(['New USPS rates', 'Holiday pickups']);
    expect(await titles(finance.token)).toEqual(['Staff meeting', 'Holiday pickups']);

    const before = await inbox(alice.token);
    expect(before.unread).toBe(3);
    const review = before.list[0];
    const marked = await call(t.app, alice.token, {
      method: 'POST',
      url: '/api/app/sysMessage/read',
      payload: { ids: [review.id] },
    });
    expect(expectEnvelope(marked, 200).data.marked).toBe(1);
    const after = await inbox(alice.token);
    expect(after.unread).toBe(2);
    expect(after.list.find((message: Json) => message.id === review.id).read).toBe(true);
    expect((await inbox(alice.token, '?unread=true')).list.map((message: Json) => message.title)).toEqual([
      'New USPS rates',
      'Holiday pickups',
    ]);
    // Marking someone else's message does nothing; marking all reads the rest.
    const staffOnly = (await inbox(finance.token)).list[0].id;
    const ignored = await call(t.app, bob.token, {
      method: 'POST',
      url: '/api/app/sysMessage/read',
      payload: { ids: [staffOnly] },
    });
    expect(expectEnvelope(ignored, 200).data.marked).toBe(0);
    await call(t.app, alice.token, { method: 'POST', url: '/api/app/sysMessage/read', payload: {} });
    expect((await inbox(alice.token)).unread).toBe(0);
    expect((await inbox(bob.token)).unread).toBe(2);

    const sent = expectEnvelope(
      await call(t.app, admin, { method: 'GET', url: '/api/admin/sysMessage/list' }),
      200,
    ).data;
    const row = sent.list.find((message: Json) => message.title === 'Your account review');
    expect(row).toMatchObject({ audience: 'users', userIds: [alice.id], readCount: 1, author: ADMIN.username });
  });

  test('a deleted message leaves every centre; only staff with adminSysMessageList send or delete', async () => {
    const reader = await createActiveCustomer(t, admin);
    const { id } = expectEnvelope(await send({ title: 'Oops', content: 'sent by mistake' }), 200).data;
    expect((await inbox(reader.token)).list.map((message: Json) => message.id)).toContain(id);
    expectEnvelope(await send({ title: 'x', content: 'y' }, reader.token), 403);
    const finance = await createStaff(t, admin, ['finance']);
    expectEnvelope(
      await call(t.app, finance.token, { method: 'POST', url: '/api/admin/sysMessage/delete', payload: { ids: [id] } }),
      403,
    );
    const deleted = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/sysMessage/delete',
      payload: { ids: [id] },
    });
    expect(expectEnvelope(deleted, 200).data.deleted).toBe(1);
    expect((await inbox(reader.token)).list.map((message: Json) => message.id)).not.toContain(id);
  });
});
