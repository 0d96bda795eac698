/**
 * A merchant's online stores (docs/stores.md): the list, a sync (orders in, tracking out), disconnecting.
 * Adapters do the talking; every write is in this module.
 */
import type { SyncResultView } from '@parcelport/shared/contracts/stores/index';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { storeClient } from '../../stores/client.ts';
import { storeAdapter } from '../../stores/registry.ts';
import { complaintOf, connectionOf, storeFailed } from './connection.ts';
import { pushFulfilments } from './push.ts';
import { ownStore, type StoreRow, storeById, storesOf, updateStore } from './repo.ts';
import { importPage, syncBatch } from './sync.ts';
import { storeViewOf } from './views.ts';

/** Syncs started by a connection, run after the answer; app close waits for them. */
export const backgroundSyncs = new Set<Promise<unknown>>();

export async function myStores(ctx: AppContext, auth: Auth) {
  return (await storesOf(ctx.db, auth.userId)).map(storeViewOf);
}

async function ownStoreOr404(ctx: AppContext, auth: Auth, id: number): Promise<StoreRow> {
  const store = await ownStore(ctx.db, auth.userId, id);
  if (!store) throw notFound();
  return store;
}

export async function viewOf(ctx: AppContext, auth: Auth, id: number) {
  const store = (await storesOf(ctx.db, auth.userId)).find((row) => Number(row.id) === id);
  if (!store) throw notFound();
  return storeViewOf(store);
}

/** Reads the store's open orders into drafts, then pushes (and retries) what is due back to it. */
export async function runSync(ctx: AppContext, store: StoreRow): Promise<SyncResultView> {
  const counts = { imported: 0, updated: 0, incomplete: 0, unchanged: 0, failed: 0 };
  const batch = syncBatch(ctx);
  const connection = connectionOf(ctx, store);
  try {
    const client = await storeClient(ctx, connection);
    for await (const page of storeAdapter(connection.platform).openOrders(client, connection))
      await importPage(ctx, store, page, counts, batch);
  } catch (error) {
    throw await storeFailed(ctx, store, error);
  }
  await pushFulfilments(ctx, Number(store.id), true);
  await updateStore(ctx.db, Number(store.id), {
    last_sync_at: Date.now(),
    last_sync: JSON.stringify({
      imported: counts.imported,
      updated: counts.updated,
      incomplete: counts.incomplete,
      failed: counts.failed,
      batchNo: batch.taken,
    }),
    last_error: null,
  });
  return { ...counts, batchNo: batch.taken };
}

export function syncInBackground(ctx: AppContext, id: number): void {
  const run = (async () => {
    const store = await storeById(ctx.db, id);
    if (store?.status === 'active') await runSync(ctx, store);
  })()
    .catch((error: unknown) => ctx.log.warn({ err: error, storeId: id }, 'first sync of a store failed'))
    .finally(() => backgroundSyncs.delete(run));
  backgroundSyncs.add(run);
}

/**
 * A store's orders arrive as live drafts (its webhooks make them so too), and a test API key makes test orders
 * only (docs/api.md "Test and live keys"): it syncs no store (403, before the store is asked anything).
 */
export async function syncOwnStore(ctx: AppContext, auth: Auth, id: number): Promise<SyncResultView> {
  const store = await ownStoreOr404(ctx, auth, id);
  if (auth.keyMode === 'test') throw new AppError(403, 'storeTestKey', { reason: 'apiKeyTestMode' });
  if (store.status !== 'active') throw new AppError(409, 'storeNotActive');
  return runSync(ctx, store);
}

/**
 * Disconnects a store: its webhooks removed and (Shopify) its token revoked at the store, then its
 * credentials forgotten here whatever the store answered; its drafts and history stay.
 */
export async function disconnectStore(ctx: AppContext, auth: Auth, id: number) {
  const store = await ownStoreOr404(ctx, auth, id);
  if (store.status !== 'disconnected') {
    let lastError: string | null = null;
    if (store.credentials) {
      const connection = connectionOf(ctx, store);
      try {
        await storeAdapter(connection.platform).disconnect(
          await storeClient(ctx, connection),
          connection,
          JSON.parse(store.webhooks) as string[],
        );
      } catch (error) {
        lastError = complaintOf(error);
      }
    }
    await forget(ctx, Number(store.id), lastError);
  }
  return viewOf(ctx, auth, id);
}

export async function forget(ctx: AppContext, id: number, lastError: string | null) {
  await updateStore(ctx.db, id, {
    status: 'disconnected',
    credentials: '',
    webhooks: '[]',
    oauth_state: null,
    disconnected_at: Date.now(),
    last_error: lastError,
  });
}
