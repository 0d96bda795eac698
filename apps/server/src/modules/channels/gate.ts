/**
 * Each channel's upstream gate (outbound/types.ts ChannelGate), shared by every app instance
 * through the database: a call waits for a turn within the channel's requests per second, minute and hour
 * and for a free concurrency slot; after `breakerFailures` transient failures in a row the channel is
 * paused (calls refused at once, nothing sent) until one probe call gets an answer. Credentials the
 * carrier refuses mark the channel failing and alert the staff who manage channels, once.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { type ChannelLimits, limitsOf } from '../../outbound/limits.ts';
import { type ChannelGate, type GatePass, UpstreamError } from '../../outbound/types.ts';
import { notifyHoldersOf } from '../messages/index.ts';
import {
  claimProbe,
  clearFailures,
  countFailure,
  ensureSlots,
  freeSlot,
  type GateCounts,
  type GateRow,
  gateCounts,
  gateRow,
  holdSlot,
  hourCount,
  hourOf,
  markAuthFailed,
  minuteInUse,
  takeTurn,
} from './gate-repo.ts';

/** The longest a call waits for its turn (a full minute's window and a little) before it is refused. */
export const GATE_MAX_WAIT_MS = 65_000;

/** The paused channel's refusal: a transient error that was never sent (the purchase bought nothing). */
export function pausedError(channel: ChannelConfig, until: number): UpstreamError {
  return new UpstreamError(
    'transient',
    `channel ${channel.name} is paused after repeated failures until ${new Date(until).toISOString()}`,
    { pausedUntil: until },
  );
}

/** The clock and the longest wait for a turn; tests set them. */
export interface GateTiming {
  now: () => number;
  maxWaitMs: number;
}

/**
 * The channel's limits as its platform's schema reads its settings: a limit the stored settings leave out
 * (a channel created without them) is the one the platform publishes (the adapter's `limitSettings`
 * defaults), not none.
 */
function limitsOfChannel(channel: ChannelConfig): ChannelLimits {
  const parsed = adapterFor(channel.platformCode)?.channelSettings.safeParse(channel.settings);
  return limitsOf(parsed?.success ? parsed.data : channel.settings);
}

export function channelGate(
  ctx: AppContext,
  channel: ChannelConfig,
  leaseMs: number,
  timing: GateTiming = { now: Date.now, maxWaitMs: GATE_MAX_WAIT_MS },
): ChannelGate {
  const limits = limitsOfChannel(channel);
  return {
    async enter() {
      await passBreaker(ctx.db, channel, limits, await gateRow(ctx.db, channel.id), timing.now());
      const deadline = timing.now() + timing.maxWaitMs;
      await waitForTurn(ctx.db, channel.id, limits, deadline, timing.now);
      const holder = randomUUID();
      const slot =
        limits.concurrency > 0 ? await waitForSlot(ctx.db, channel.id, limits, leaseMs, holder, deadline) : null;
      return leaving(ctx, channel, limits, slot, holder);
    },
  };
}

/** Refuses a call while the breaker is open, but for the one probe of a lapsed pause. */
async function passBreaker(
  db: Db,
  channel: ChannelConfig,
  limits: ChannelLimits,
  row: GateRow,
  now: number,
): Promise<void> {
  if (row.failures < limits.breakerFailures) return;
  if (row.paused_until > now) throw pausedError(channel, row.paused_until);
  const until = now + limits.breakerPauseSeconds * 1000;
  if (!(await claimProbe(db, channel.id, row.paused_until, until))) throw pausedError(channel, until);
}

async function waitForTurn(
  db: Db,
  channelId: number,
  limits: ChannelLimits,
  deadline: number,
  clock: () => number,
): Promise<void> {
  const quota = {
    perSecond: limits.requestsPerSecond,
    perMinute: limits.requestsPerMinute,
    perHour: limits.requestsPerHour,
  };
  if (quota.perSecond === 0 && quota.perMinute === 0 && quota.perHour === 0) return;
  for (;;) {
    const now = clock();
    if (await takeTurn(db, channelId, now, quota)) return;
    const wait = Math.max(1, quotaWindowEnd(await gateCounts(db, channelId), quota, now) - now) + Math.random() * 20;
    if (now + wait > deadline) {
      // Nothing was sent: like a paused channel, the caller may come back at the time told (a batch item
      // waits for it, a purchase is refused without a charge).
      const until = Math.round(now + wait);
      throw new UpstreamError('rateLimited', 'the channel request quota is used up', {
        retryAfterMs: Math.round(wait),
        pausedUntil: until,
      });
    }
    // A little jitter (above), so the instances that waited do not all ask at the same instant.
    await sleep(wait);
  }
}

/**
 * When the limit that is reached lets a request through again: the clock hour's end when the hour is
 * full; when the last 60 s are full, the moment enough of their oldest seconds have slid out (each when its
 * latest request turns 60 s old); else the next second.
 */
function quotaWindowEnd(
  row: GateCounts,
  quota: { perSecond: number; perMinute: number; perHour: number },
  now: number,
): number {
  if (quota.perHour > 0 && hourCount(row, now) >= quota.perHour) return hourOf(now) + 3_600_000;
  if (quota.perMinute > 0) {
    const seconds = minuteInUse(row, now);
    let over = seconds.reduce((sum, second) => sum + second.count, 0) + 1 - quota.perMinute;
    for (const second of seconds) {
      if (over <= 0) break;
      over -= second.count;
      if (over <= 0) return second.last + 60_000;
    }
  }
  return now - (now % 1000) + 1000;
}

async function waitForSlot(
  db: Db,
  channelId: number,
  limits: ChannelLimits,
  leaseMs: number,
  holder: string,
  deadline: number,
): Promise<number> {
  await ensureSlots(db, channelId, limits.concurrency);
  for (let pollMs = 5; ; pollMs = Math.min(pollMs * 2, 100)) {
    const now = Date.now();
    const slot = await holdSlot(db, channelId, limits.concurrency, now, now + leaseMs, holder);
    if (slot !== null) return slot;
    if (now + pollMs > deadline) {
      throw new UpstreamError('rateLimited', 'every concurrent call of the channel is in use', {
        retryAfterMs: pollMs,
      });
    }
    await sleep(pollMs);
  }
}

function leaving(
  ctx: AppContext,
  channel: ChannelConfig,
  limits: ChannelLimits,
  slot: number | null,
  holder: string,
): GatePass {
  return {
    async leave(outcome, message) {
      try {
        if (slot !== null) await freeSlot(ctx.db, channel.id, slot, holder);
        if (outcome === 'transient') {
          await countFailure(
            ctx.db,
            channel.id,
            limits.breakerFailures,
            Date.now() + limits.breakerPauseSeconds * 1000,
          );
        } else if (outcome === 'auth') {
          if (await markAuthFailed(ctx.db, channel.id, Date.now(), message ?? ''))
            await alertStaff(ctx, channel, message);
        } else {
          // The carrier answered (an answer to a bad request counts): the channel works again, and failures in
          // a row count from none. Read from the row as it is now, not as this call found it on entering: calls
          // in flight together fail and answer in any order, and a count left standing paused a busy channel
          // after failures far apart.
          await clearFailures(ctx.db, channel.id, outcome === 'ok');
        }
      } catch (error) {
        // The gate's bookkeeping never fails the call it was for; a held slot lapses with its lease.
        ctx.log.error({ err: error, channelId: channel.id }, 'channel gate bookkeeping failed');
      }
    },
  };
}

/** Tells the staff who manage channels that the carrier refuses the channel's credentials. */
async function alertStaff(ctx: AppContext, channel: ChannelConfig, message: string | undefined): Promise<void> {
  const params = { channel: channel.name, message: message ?? '' };
  await notifyHoldersOf(ctx.db, 'adminChannel', {
    title: 'msgChannelAuthFailedTitle',
    content: 'msgChannelAuthFailedBody',
    params,
  });
}
