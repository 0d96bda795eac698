import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ADMIN,
  call,
  countRows,
  createActiveCustomer,
  expectEnvelope,
  loginToken,
  sha256Hex,
  startApp,
  type TestApp,
} from './helpers.ts';

const info = (t: TestApp, token: string | null) => call(t.app, token, { method: 'GET', url: '/api/user/info' });

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  test('logout ends the session: the token then gets 401, other sessions go on', async () => {
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const other = await loginToken(t.app, ADMIN.username, ADMIN.password);
    expectEnvelope(await info(t, token), 200);

    expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/admin/logout' }), 200);

    const after = await info(t, token);
    expect(expectEnvelope(after, 401).message).toBe('Your session has ended, please sign in again');
    expectEnvelope(await call(t.app, token, { method: 'POST', url: '/api/admin/logout' }), 401);
    expectEnvelope(await info(t, other), 200);
  });

  test('the database keeps only the SHA-256 of a token, never the token', async () => {
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const rows = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.token_hash)).toContain(sha256Hex(token));
  });

  test('a session past its lifetime gets 401', async () => {
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    expectEnvelope(await info(t, token), 200);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expectEnvelope(await info(t, token), 401);
  });

  test('a new session lives for the configured lifetime', async () => {
    const before = Date.now();
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const row = await t.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThanOrEqual(before + t.config.sessionTtlMs);
    expect(row.expires_at).toBeLessThanOrEqual(Date.now() + t.config.sessionTtlMs);
  });

  test('missing, malformed and made-up tokens get the 401 envelope', async () => {
    const headers = [{}, { authorization: 'Bearer' }, { authorization: 'Basic YWRtaW46YWRtaW4=' }];
    for (const extra of headers) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: extra });
      expect(expectEnvelope(res, 401).data).toBeNull();
    }
    expectEnvelope(await info(t, 'not-a-real-token'), 401);
  });

  test('no token header is sent while a session is fresh', async () => {
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const res = await info(t, token);
    expect(res.headers.token).toBeUndefined();
  });

  test("a user's sessions end when an administrator disables the account", async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const customer = await createActiveCustomer(t, admin);
    expectEnvelope(await info(t, customer.token), 200);
    await call(t.app, admin, { method: 'POST', url: `/api/admin/updateStatus/${customer.id}`, payload: { status: 2 } });
    expectEnvelope(await info(t, customer.token), 401);
  });
});

describe('sliding renewal', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every signed-in call is due for renewal.
    t = await startApp({ sessionRenewAfterMs: 0 });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a call returns a new token header that works; the old token lasts only the grace period', async () => {
    const old = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const first = await info(t, old);
    expectEnvelope(first, 200);
    const renewed = first.headers.token as string;
    expect(typeof renewed).toBe('string');
    expect(renewed).not.toBe(old);
    expect(renewed.length).toBeGreaterThanOrEqual(40);

    // Like the web client, keep whichever token the server sent last.
    const withNew = await info(t, renewed);
    expect(expectEnvelope(withNew, 200).data.id).toBe(first.json().data.id);
    const latest = (withNew.headers.token as string | undefined) ?? renewed;
    // Calls already in flight with the old token still succeed, and do not fork yet another session.
    const sessions = await countRows(t, 'sessions');
    const withOld = await info(t, old);
    expectEnvelope(withOld, 200);
    expect(withOld.headers.token).toBeUndefined();
    expect(await countRows(t, 'sessions')).toBe(sessions);

    // After the grace period only the newest token works.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expectEnvelope(await info(t, old), 401);
    expectEnvelope(await info(t, latest), 200);
  });

  test('the renewed token is stored hashed too and lives a full lifetime', async () => {
    const old = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const renewed = (await info(t, old)).headers.token as string;
    const rows = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(renewed);
    const row = rows.find((r) => r.token_hash === sha256Hex(renewed));
    expect(row?.expires_at).toBeGreaterThan(Date.now() + t.config.sessionTtlMs - 60_000);
  });

  test('logout ends the session for good: the old token stops and no fresh token comes with the answer', async () => {
    const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const res = await call(t.app, token, { method: 'POST', url: '/api/admin/logout' });
    expectEnvelope(res, 200);
    expectEnvelope(await info(t, token), 401);
    // The client replaces its token from this header (docs/spec.md §4), so none may come with a logout.
    const sent = res.headers.token as string | undefined;
    expect(sent).toBeUndefined();
    if (sent) expectEnvelope(await info(t, sent), 401);
  });

  test('a renewed acting-as token still acts as the user, with the same actor', async () => {
    const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const adminId = (await info(t, admin)).json().data.id;
    const customer = await createActiveCustomer(t, admin);
    const built = await call(t.app, admin, { method: 'POST', url: `/api/admin/token/build/${customer.id}` });
    const acting = expectEnvelope(built, 200).data as string;
    const renewed = (await info(t, acting)).headers.token as string;
    expect(renewed).toBeTruthy();
    const data = expectEnvelope(await info(t, renewed), 200).data;
    expect(data.id).toBe(customer.id);
    expect(data.actingAs).toEqual({ actorId: adminId, actorUsername: ADMIN.username });
  });
});
