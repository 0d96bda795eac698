/**
 * A channel's requests per minute hold in every 60 s, not on average (issue 29: the sliding-minute estimate
 * let 207-209 ShipEngine calls into 60 s against its 200 a minute). The gates run on a simulated clock: a
 * caller asks for a turn, and when refused comes back at the moment the gate names (`pausedUntil`), as a
 * waiting batch item does.
 */
import { describe, expect, test } from 'vitest';
import { channelGate, type GateTiming } from '../src/modules/channels/gate.ts';
import { channelConfig } from '../src/modules/channels/repo.ts';
import { type ChannelGate, UpstreamError } from '../src/outbound/types.ts';
import { appWithEasyPost, EASYPOST_KEY, easypostChannel } from './upstream-fixtures.ts';

const env = appWithEasyPost();

const request = { operation: 'track' as const, method: 'POST' as const, path: '/v2/trackers' };

/** A clock the test moves; a gate on it never waits (any wait is told at once, as `pausedUntil`). */
function simulatedClock(start: number): GateTiming & { at: number } {
  const clock = { at: start, now: () => clock.at, maxWaitMs: 0 };
  return clock;
}

/** Gates of `instances` app instances on one channel with these limits, all on `clock`. */
async function gatesOn(
  limits: { requestsPerSecond: number; requestsPerMinute: number },
  clock: GateTiming,
  instances = 1,
): Promise<ChannelGate[]> {
  const { channelId } = await easypostChannel(env.t, env.admin, {
    apiKey: EASYPOST_KEY,
    baseUrl: env.easypost.url,
    ...limits,
    requestsPerHour: 0,
    concurrency: 0,
  });
  const channel = await channelConfig(env.t.ctx.db, channelId);
  if (!channel) throw new Error('no channel');
  return Array.from({ length: instances }, () => channelGate(env.t.ctx, channel, 10_000, clock));
}

/** One call through the gate: null when it went, else when the gate said to come back. */
async function call(gate: ChannelGate): Promise<number | null> {
  try {
    await (await gate.enter(request)).leave('ok');
    return null;
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.kind !== 'rateLimited') throw error;
    const until = error.details.pausedUntil;
    if (typeof until !== 'number') throw new Error('a refusal without the time to come back');
    return until;
  }
}

/** The most calls within any 60 s: a window [t, t + 60 s) starting at each call. */
function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start++) {
    while (end < sorted.length && (sorted[end] as number) < (sorted[start] as number) + 60_000) end++;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}

/** A small seeded generator, so a run's spread of calls is the same every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Callers that ask as fast as they are let: at each moment every gate makes `each` calls at once (racing
 * for the row on PostgreSQL); when none went, the clock moves to the earliest moment a gate named, else on
 * by `step()` ms. The times of the calls that went, until `end`.
 */
async function greedy(
  gates: readonly ChannelGate[],
  clock: GateTiming & { at: number },
  end: number,
  { each = 1, step = () => 5 }: { each?: number; step?: () => number } = {},
): Promise<number[]> {
  const went: number[] = [];
  while (clock.at < end) {
    const answers = await Promise.all(gates.flatMap((gate) => Array.from({ length: each }, () => call(gate))));
    const refusals = answers.filter((until): until is number => until !== null);
    for (let i = refusals.length; i < answers.length; i++) went.push(clock.at);
    clock.at = refusals.length === answers.length ? Math.max(clock.at + 1, Math.min(...refusals)) : clock.at + step();
  }
  return went;
}

describe('requests per minute: never more than the limit in any 60 s', () => {
  test("the minute before's quota spent in its last second, then calls early in the next minute (ShipEngine: 200)", async () => {
    const clock = simulatedClock(Date.UTC(2026, 10, 24, 8, 0, 59));
    const [gate] = await gatesOn({ requestsPerSecond: 0, requestsPerMinute: 200 }, clock);
    if (!gate) throw new Error('no gate');
    const went = await greedy([gate], clock, Date.UTC(2026, 10, 24, 8, 3, 0), { step: () => 3 });
    // The 200 of 08:00:59 hold the next 200 back until they are a minute old (their second, counted whole,
    // until its latest call is), and so on.
    expect(busiestMinute(went)).toBeLessThanOrEqual(200);
    expect(went.filter((at) => at < Date.UTC(2026, 10, 24, 8, 1, 59))).toHaveLength(200);
    expect(went.filter((at) => at < Date.UTC(2026, 10, 24, 8, 2, 1))).toHaveLength(400);
  });

  test('two instances on one database, calling at once at uneven moments, together keep the limit', async () => {
    const clock = simulatedClock(Date.UTC(2026, 10, 24, 9, 0, 58, 500));
    const gates = await gatesOn({ requestsPerSecond: 0, requestsPerMinute: 120 }, clock, 2);
    const random = seeded(29);
    // Mostly quick calls, now and then a pause of up to 20 s: bursts at every point of a second and a minute.
    const step = () => (random() < 0.02 ? Math.floor(random() * 20_000) : Math.floor(random() * 400) + 1);
    const went = await greedy(gates, clock, Date.UTC(2026, 10, 24, 9, 4, 0), { each: 3, step });
    expect(busiestMinute(went)).toBeLessThanOrEqual(120);
    // Quiet spells aside, the callers got most of what the limit allows over the three minutes.
    expect(went.length).toBeGreaterThanOrEqual(330);
  });

  test('a steady caller still gets the full limit: 1,200 a minute (20 a second) over three minutes lets 3,600 through', async () => {
    const start = Date.UTC(2026, 10, 24, 10, 0, 0);
    const clock = simulatedClock(start);
    const [gate] = await gatesOn({ requestsPerSecond: 20, requestsPerMinute: 1200 }, clock);
    if (!gate) throw new Error('no gate');
    const went = await greedy([gate], clock, start + 180_000, { step: () => 10 });
    expect(busiestMinute(went)).toBeLessThanOrEqual(1200);
    expect(went.length).toBeGreaterThanOrEqual(3590);
    expect(went.length).toBeLessThanOrEqual(3600);
    // 3,600 turns are 3,600 gate transactions: half a minute on PostgreSQL when the machine is loaded.
  }, 120_000);
});
