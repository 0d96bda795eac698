import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forgetKeyCallsSweep } from '../src/hooks/key-rate-limit.ts';
import { ADMIN, call, createActiveCustomer, expectEnvelope, loginToken, startApp, type TestApp } from './helpers.ts';

const LIMIT = 5;

/**
 * Keys are counted per clock minute: a test that counts to the limit starts with at least 20 s of its minute
 * left, so that the count cannot start over halfway through on a slow machine.
 */
async function withRoomInTheMinute(): Promise<void> {
  while (60_000 - (Date.now() % 60_000) < 20_000) await new Promise((resolve) => setTimeout(resolve, 250));
}

describe('rate limits per API key', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;

  beforeAll(async () => {
    t = await startApp({ apiKeyCallsPerMinute: LIMIT });
    customer = await createActiveCustomer(t, await loginToken(t.app, ADMIN.username, ADMIN.password));
  });
  afterAll(async () => t.close());

  const makeKey = async (name: string): Promise<string> =>
    expectEnvelope(
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/user/apiKey', payload: { name } }),
      200,
    ).data.key;
  const ownInfo = (token: string) => call(t.app, token, { method: 'GET', url: '/api/user/info' });

  test('each answer says the limit, what is left and when it resets; the call beyond it is 429 with Retry-After', async () => {
    const key = await makeKey('Shop sync');
    await withRoomInTheMinute();
    for (let made = 1; made <= LIMIT; made++) {
      const res = await ownInfo(key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - made));
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
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
