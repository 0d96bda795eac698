/**
 * Tracking numbers back to the stores (docs/stores.md "Push back"): a store order whose label was bought is
 * fulfilled in its store with the carrier and the tracking number; one whose label was then voided has its
 * fulfilment cancelled. Driven by the orders' state, not by events: a sweep on every instance (and each
 * sync) finds the store orders whose store has not been told yet, claims each with a conditional update so
 * that two instances never push one twice, and keeps the outcome on the row. A push the store refused is
 * `failed` until the next sync retries it; one whose outcome is unknown (the store down, slow, rate
 * limited, or answering what cannot be read: it may have taken the push) is `unknown` and waits a little
 * for the sweep. A push tried before, either way, is settled by asking the store first (`findFulfilment`):
 * what it has already is recorded, and only what it lacks is pushed again, so a customer is never sent the
 * same tracking twice.
 */
import type { StorePlatform } from '@parcelport/shared/contracts/stores/index';
import type { AppContext } from '../../context.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { storeClient } from '../../stores/client.ts';
import { storeAdapter } from '../../stores/registry.ts';
import { carrierTrackingUrl } from '../../stores/tracking-urls.ts';
import { complaintOf, connectionOf } from './connection.ts';
import { claimStoreOrder, dueStoreOrders, markAlreadyFulfilled, type PushTask } from './push-repo.ts';
import { type StoreRow, setStoreOrder, storeById, updateStore } from './repo.ts';
import { errorText } from './sync.ts';

/** How long a claimed push may take before another instance may take it over. */
const CLAIM_MS = 60_000;
/** How long a push the store could not take now waits before the sweep tries it again. */
const RETRY_MS = 5 * 60_000;
/** Store orders pushed per sweep: the rest wait for the next one. */
const PER_SWEEP = 100;
/** The states of a store order whose push is due: never tried, outcome unknown, and (by a sync) refused. */
const DUE = ['none', 'unknown'];
const DUE_WITH_FAILED = [...DUE, 'failed'];

/** The store orders to push (or to take back), of one store or of all, oldest first. */
function dueTasks(ctx: AppContext, kind: 'fulfil' | 'cancel', storeId: number | undefined, retryFailed: boolean) {
  const states = kind === 'fulfil' ? (retryFailed ? DUE_WITH_FAILED : DUE) : ['pushed'];
  return dueStoreOrders(ctx.db, kind, states, storeId, PER_SWEEP);
}

/** Takes the row for this instance; false when another one has it. */
function claim(ctx: AppContext, id: number, states: readonly string[]): Promise<boolean> {
  const now = Date.now();
  return claimStoreOrder(ctx.db, id, states, now, now + CLAIM_MS);
}

/** The outcome of a failed call: later for what the store could not take now, failed for a refusal. */
function failure(error: unknown) {
  const now = Date.now();
  const transient = error instanceof UpstreamError && (error.kind === 'transient' || error.kind === 'rateLimited');
  return {
    claimed_until: transient ? now + RETRY_MS : 0,
    error: errorText({ text: complaintOf(error) }),
    synced_at: now,
    transient,
  };
}

/**
 * Pushes what is due (of `storeId`, or of every store) and takes back what was voided; answers how many
 * store orders were handled. `retryFailed` also retries the pushes the stores refused before (a sync).
 */
export async function pushFulfilments(ctx: AppContext, storeId?: number, retryFailed = false): Promise<number> {
  let handled = 0;
  const stores = new Map<number, StoreRow | undefined>();
  const storeOf = async (id: number) => {
    if (!stores.has(id)) stores.set(id, await storeById(ctx.db, id));
    return stores.get(id);
  };
  for (const task of await dueTasks(ctx, 'fulfil', storeId, retryFailed)) {
    const store = await storeOf(task.storeId);
    if (!store || !(await claim(ctx, task.id, retryFailed ? DUE_WITH_FAILED : DUE))) continue;
    await fulfilOne(ctx, store, task);
    handled++;
  }
  for (const task of await dueTasks(ctx, 'cancel', storeId, false)) {
    const store = await storeOf(task.storeId);
    if (!store || !(await claim(ctx, task.id, ['pushed']))) continue;
    await cancelOne(ctx, store, task);
    handled++;
  }
  return handled;
}

async function fulfilOne(ctx: AppContext, store: StoreRow, task: PushTask): Promise<void> {
  // Read with the task: one query for the sweep, not one per store order.
  const trackingNumber = task.trackingNo ?? '';
  const carrier = task.carrierCode ?? '';
  try {
    const connection = connectionOf(ctx, store);
    const adapter = storeAdapter(store.platform as StorePlatform);
    const client = await storeClient(ctx, connection);
    const shipment = {
      externalId: task.externalId,
      trackingNumber,
      carrier,
      trackingUrl: carrierTrackingUrl(carrier, trackingNumber),
    };
    // Tried before: the store may have taken it (or a first step of it), so it is asked before any resend.
    const found = task.fulfilment === 'none' ? null : await adapter.findFulfilment(client, connection, shipment);
    const fulfilled = found ?? (await adapter.fulfil(client, connection, shipment));
    if (fulfilled === 'alreadyFulfilled') {
      await markAlreadyFulfilled(ctx.db, task.id, errorText({ key: 'storeAlreadyFulfilled' }) as string);
      return;
    }
    await setStoreOrder(ctx.db, task.id, {
      fulfilment: 'pushed',
      fulfilment_id: fulfilled.fulfilmentId,
      pushed_tracking: trackingNumber,
      claimed_until: 0,
      error: null,
      synced_at: Date.now(),
    });
  } catch (error) {
    const { transient, ...row } = failure(error);
    await setStoreOrder(ctx.db, task.id, { ...row, fulfilment: transient ? 'unknown' : 'failed' });
    await markRefused(ctx, store, error);
  }
}

async function cancelOne(ctx: AppContext, store: StoreRow, task: PushTask): Promise<void> {
  try {
    const connection = connectionOf(ctx, store);
    if (task.fulfilmentId)
      await storeAdapter(store.platform as StorePlatform).cancelFulfilment(
        await storeClient(ctx, connection),
        connection,
        {
          externalId: task.externalId,
          fulfilmentId: task.fulfilmentId,
        },
      );
    await setStoreOrder(ctx.db, task.id, {
      fulfilment: 'cancelled',
      claimed_until: 0,
      error: null,
      synced_at: Date.now(),
    });
  } catch (error) {
    // Stays `pushed`: the sweep tries the cancellation again (later, when the store could not take it now).
    const { transient: _transient, ...row } = failure(error);
    await setStoreOrder(ctx.db, task.id, { ...row, claimed_until: Date.now() + RETRY_MS });
    await markRefused(ctx, store, error);
  }
}

/** Credentials the store refused: the store is failing until its merchant connects it again. */
async function markRefused(ctx: AppContext, store: StoreRow, error: unknown): Promise<void> {
  if (error instanceof UpstreamError && error.kind === 'auth')
    await updateStore(ctx.db, Number(store.id), { status: 'failing', last_error: complaintOf(error) });
}
