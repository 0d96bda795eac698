import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forgetKeyCallsSweep } from '../src/hooks/key-rate-limit.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  loginToken,
  makeApiKey,
  startApp,
  type TestApp,
} from './helpers.ts';

const LIMIT = 5;

/**
 * Keys are counted per clock minute: a test that counts to the limit starts with at least 20 s of its minute
 * left, so that the count cannot start over halfway through on a slow machine.
 */
async function withRoomInTheMinute(): Promise<void> {
  while (60_000 - (Date.now() % 60_000) < 20_000) await new Promise((resolve) => setTimeout(resolve, 250));
}

/** The answer to a key's `made`-th call of the minute: its status, and the headers that say what is left and when. */
function expectCounted(res: Awaited<ReturnType<typeof call>>, status: number, made: number): void {
  expect(res.statusCode).toBe(status);
  expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - made));
  const reset = Number(res.headers['ratelimit-reset']);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(60);
}

describe('rate limits per API key', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    t = await startApp({ apiKeyCallsPerMinute: LIMIT });
    customer = await createActiveCustomer(t, await loginToken(t.app, ADMIN.username, ADMIN.password));
  });
  afterAll(async () => t.close());

  const newKey = async (payload: object): Promise<{ id: number; key: string }> =>
    makeApiKey(t.app, customer.token, payload) as Promise<{ id: number; key: string }>;
  const makeKey = async (name: string): Promise<string> => (await newKey({ name })).key;
  const ownInfo = (token: string) => call(t.app, token, { method: 'GET', url: '/api/user/info' });

  test('each answer says the limit, what is left and when it resets; the call beyond it is 429 with Retry-After', async () => {
    const key = await makeKey('Shop sync');
    await withRoomInTheMinute();
    for (let made = 1; made <= LIMIT; made++) expectCounted(await ownInfo(key), 200, made);
    const refused = await ownInfo(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, data: null });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused before the route ran: nothing it would write was written, and the count still holds.
    expect((await ownInfo(key)).statusCode).toBe(429);
  });

  test('each key has its own count, and the signed-in browser is not counted', async () => {
    const first = await makeKey('First');
    const second = await makeKey('Second');
    await withRoomInTheMinute();
    for (let made = 0; made < LIMIT; made++) expect((await ownInfo(first)).statusCode).toBe(200);
    expect((await ownInfo(first)).statusCode).toBe(429);
    const other = await ownInfo(second);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    for (let made = 0; made <= LIMIT; made++) {
      const browser = await ownInfo(customer.token);
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  test('a call the key is refused (its areas, read-only, its addresses) is counted and says so; past the limit it is 429', async () => {
    const labelsOnly = (await newKey({ name: 'Labels only', areas: ['labels'] })).key;
    const readOnly = (await newKey({ name: 'Reader', readOnly: true })).key;
    const fenced = (await newKey({ name: 'Office only', ips: ['192.0.2.9'] })).key;
    await withRoomInTheMinute();
    for (let made = 1; made <= LIMIT; made++) expectCounted(await ownInfo(labelsOnly), 403, made);
    const over = await ownInfo(labelsOnly);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    const write = await call(t.app, readOnly, {
      method: 'POST',
      url: '/api/app/user/address',
      payload: {},
    });
    expect(write.statusCode).toBe(403);
    expect(write.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    const elsewhere = await call(t.app, fenced, {
      method: 'GET',
      url: '/api/user/info',
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    const office = await call(t.app, fenced, { method: 'GET', url: '/api/user/info', remoteAddress: '192.0.2.9' });
    expect(office.statusCode).toBe(200);
    expect(office.headers['ratelimit-remaining']).toBe(String(LIMIT - 2));
  });

  test('a rolled key and its successor share one count during the overlap', async () => {
    const old = await newKey({ name: 'Rolled' });
    await withRoomInTheMinute();
    for (let made = 1; made <= 2; made++) expect((await ownInfo(old.key)).statusCode).toBe(200);
    const roll = async (id: number) =>
      expectEnvelope(
        await call(t.app, customer.token, {
          method: 'POST',
          url: `/api/app/user/apiKey/${id}/roll`,
          payload: { overlapHours: 1 },
        }),
        200,
      ).data as { id: number; key: string };
    const next = await roll(old.id);
    const successor = next.key;
    const fromNew = await ownInfo(successor);
    expect(fromNew.statusCode).toBe(200);
    expect(fromNew.headers['ratelimit-remaining']).toBe(String(LIMIT - 3));
    const fromOld = await ownInfo(old.key);
    expect(fromOld.statusCode).toBe(200);
    expect(fromOld.headers['ratelimit-remaining']).toBe(String(LIMIT - 4));
    expect((await ownInfo(successor)).headers['ratelimit-remaining']).toBe('0');
    expect((await ownInfo(old.key)).statusCode).toBe(429);
    expect((await ownInfo(successor)).statusCode).toBe(429);
    // Rolling the successor keeps the line: its own successor is counted with both.
    expect((await ownInfo((await roll(next.id)).key)).statusCode).toBe(429);
  });

  test('the counts of minutes that are over are forgotten, the current one kept', async () => {
    const key = await makeKey('Sweep');
    await ownInfo(key);
    const old = Date.now() - 10 * 60_000;
    await t.ctx.db.insertInto('api_key_calls').values({ session_id: 999_999, window_start: old, calls: 3 }).execute();
    expect(await forgetKeyCallsSweep.run(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.selectFrom('api_key_calls').select(['session_id', 'window_start']).execute();
    expect(left.some((row) => row.session_id === 999_999)).toBe(false);
    expect(left.length).toBeGreaterThan(0);
  });
});
