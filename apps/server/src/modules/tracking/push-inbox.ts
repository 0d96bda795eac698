import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { TrackingEvent } from '../../core/tracking.ts';
import { groupCommit } from '../../db/group-commit.ts';
import type { Db } from '../../db/index.ts';
import { type ParcelUpdate, recordUpdates, tellCommitted } from './apply.ts';
import {
  claimPushes,
  insertPushes,
  lockOrdersOfNumbers,
  pendingPushesOf,
  pushFailed,
  releasePushes,
  type StoredPush,
  takePushes,
} from './push-inbox-repo.ts';
import { parcelsWithEvents } from './repo.ts';

/**
 * The carriers' pushes at volume (issue 29). A verified push is stored (one row per tracking number it names,
 * `carrier_pushes`) and answered once the row is committed; each instance's push applier then takes the stored
 * pushes in groups and applies a whole group in one transaction, its reads made once for the group (the
 * parcels with their events and orders for all its numbers in one query) and its writes a few statements for
 * all (apply.ts `recordUpdates`). A push is applied exactly once: the transaction that applies it deletes its
 * row, conditional on this applier's claim. A group that fails is applied again push by push, so one push's
 * failure holds back no other; the failed push stays in the inbox with its reason and is tried again with a
 * backoff, then kept and given up on after MAX_ATTEMPTS (logged). The pushes of one number are applied in the
 * order they came, across instances: a push waits while one before it of the same number is pending.
 */

/** Pushes applied in one transaction, at most. */
export const GROUP_SIZE = 500;
/** How long an applier's claim on a group holds: a group takes well under a second. */
const LEASE_MS = 60_000;
/** Attempts at a push before it is given up on (kept in the inbox with its reason). */
export const MAX_ATTEMPTS = 10;
/** The wait before the n-th retry: 1 s, doubling, at most 10 minutes. */
export const retryAfterMs = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), 10 * 60_000);

interface Inbox {
  store: (pushes: readonly StoredPush[]) => Promise<void>;
  wake: () => void;
}

/** Each app instance's inbox: the pushes answered meanwhile are stored together, and its applier woken. */
const inboxes = new WeakMap<Db, Inbox>();

function inboxOf(ctx: AppContext): Inbox {
  let inbox = inboxes.get(ctx.db);
  if (!inbox) {
    const store = groupCommit<readonly StoredPush[], void>(async (groups) => {
      await insertPushes(ctx.db, groups.flat());
      return groups.map(() => undefined);
    }, 256);
    inbox = { store, wake: () => undefined };
    inboxes.set(ctx.db, inbox);
  }
  return inbox;
}

/**
 * Stores a verified push's events, one row per number (those with none are left out), and wakes this
 * instance's applier; resolves once the rows are committed. The pushes stored meanwhile share the commit.
 */
export async function storePush(ctx: AppContext, channelId: number, events: Map<string, TrackingEvent[]>) {
  const pushes = [...events].flatMap(([trackingNo, list]) =>
    list.length === 0 ? [] : [{ channelId, trackingNo, events: list }],
  );
  if (pushes.length === 0) return;
  const inbox = inboxOf(ctx);
  await inbox.store(pushes);
  inbox.wake();
}

type ClaimedPush = Awaited<ReturnType<typeof claimPushes>>[number];

/**
 * Applies claimed pushes in one transaction: on PostgreSQL their orders locked first; the pushes of a number
 * with an earlier one pending elsewhere let go (they wait for it); the rest taken out of the inbox, their
 * parcels read with their events in one query, and their updates recorded. A number on no parcel of its
 * push's channel is dropped, as it was when pushes were applied at once.
 */
async function applyGroup(ctx: AppContext, workerId: string, group: readonly ClaimedPush[]): Promise<number> {
  const numbers = group.map((push) => push.tracking_no);
  const committed = await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockOrdersOfNumbers(trx, numbers);
    const ours = new Set(group.map((push) => push.id));
    // For each number, the first pending push that is not this group's: ours after it wait for it.
    const before = new Map<string, number>();
    for (const pending of await pendingPushesOf(trx, numbers))
      if (!ours.has(pending.id) && pending.id < (before.get(pending.tracking_no) ?? Number.POSITIVE_INFINITY))
        before.set(pending.tracking_no, pending.id);
    const waiting = group.filter((push) => push.id > (before.get(push.tracking_no) ?? Number.POSITIVE_INFINITY));
    await releasePushes(
      trx,
      waiting.map((push) => push.id),
      workerId,
    );
    const taken = await takePushes(
      trx,
      group.filter((push) => !waiting.includes(push)).map((push) => push.id),
      workerId,
    );
    const applying = group.filter((push) => taken.has(push.id));
    const parcels = await parcelsWithEvents(
      trx,
      applying.map((push) => push.tracking_no),
    );
    const updates: ParcelUpdate[] = applying.flatMap((push) => {
      const found = parcels.get(push.tracking_no)?.find((entry) => entry.channelId === push.channel_id);
      return found
        ? [{ parcel: found.parcel, known: found.known, events: JSON.parse(push.events) as TrackingEvent[] }]
        : [];
    });
    return { waited: waiting.length, told: await recordUpdates(ctx, trx, updates) };
  });
  await tellCommitted(ctx, committed.told);
  return committed.waited;
}

/**
 * Applies claimed pushes as a group; when the group fails, each push alone, and one that fails alone is put
 * back with its reason for a later try (or given up on after MAX_ATTEMPTS). Answers how many were let go to
 * wait for a push of their number before them.
 */
async function applyClaimed(ctx: AppContext, workerId: string, group: readonly ClaimedPush[]): Promise<number> {
  try {
    return await applyGroup(ctx, workerId, group);
  } catch (error) {
    if (group.length === 1) {
      await failed(ctx, workerId, group[0] as ClaimedPush, error);
      return 0;
    }
  }
  let waited = 0;
  for (const push of group) {
    try {
      waited += await applyGroup(ctx, workerId, [push]);
    } catch (error) {
      await failed(ctx, workerId, push, error);
    }
  }
  return waited;
}

async function failed(ctx: AppContext, workerId: string, push: ClaimedPush, error: unknown): Promise<void> {
  const attempts = push.attempts + 1;
  const reason = error instanceof Error ? error.message : String(error);
  const now = Date.now();
  const gaveUp = attempts >= MAX_ATTEMPTS;
  await pushFailed(ctx.db, push.id, workerId, {
    attempts,
    error: reason,
    runAfter: now + retryAfterMs(attempts),
    gaveUpAt: gaveUp ? now : null,
  });
  const facts = { pushId: push.id, channelId: push.channel_id, trackingNo: push.tracking_no, attempts, reason };
  if (gaveUp) ctx.log.error(facts, 'a carrier push was given up on; it is kept in carrier_pushes');
  else ctx.log.warn(facts, 'a carrier push failed to apply; it is tried again');
}

/**
 * Claims and applies one group of the pushes due (at most `limit`); answers how many it applied or put back
 * as failed (not those let go to wait for another worker's). The applier's turn, also called by tests.
 */
export async function applyStoredPushes(
  ctx: AppContext,
  options: { workerId?: string; limit?: number; now?: number } = {},
): Promise<number> {
  const workerId = options.workerId ?? randomUUID();
  const group = await claimPushes(ctx.db, ctx.dialect, {
    workerId,
    leaseMs: LEASE_MS,
    limit: options.limit ?? GROUP_SIZE,
    now: options.now ?? Date.now(),
  });
  if (group.length === 0) return 0;
  return group.length - (await applyClaimed(ctx, workerId, group));
}

/**
 * The push applier of one app instance: woken by each push this instance stores, and every `pollMs` (pushes
 * another instance stored, retries due, claims lapsed), it applies groups until none is due. Answers how to
 * stop it (the group under way is finished first).
 */
export function startPushApplier(ctx: AppContext, options: { pollMs: number }): () => Promise<void> {
  const workerId = randomUUID();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async () => {
    do {
      again = false;
      while (!stopped && (await applyStoredPushes(ctx, { workerId })) > 0);
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => ctx.log.error({ err: error }, 'the carrier push applier failed'))
      .finally(() => {
        running = null;
      });
  };
  const inbox = inboxOf(ctx);
  const before = inbox.wake;
  inbox.wake = wake;
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    inbox.wake = before;
    await running;
  };
}
