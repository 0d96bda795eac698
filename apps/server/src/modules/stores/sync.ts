/**
 * Bringing a store's orders in (docs/stores.md "Sync"): each open order becomes a draft once, an order
 * changed in the store updates its draft while it is not bought, and each store order keeps why it failed.
 * The same order arriving twice (a sync and a webhook at once) makes one draft: the unique
 * (store, external id) row decides.
 */

import { EDITABLE_STATUSES, ORDER_STATUS } from '@parcelport/shared';
import type { DraftGap, SyncResultView } from '@parcelport/shared/contracts/stores/index';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { StoreOrder } from '../../stores/types.ts';
import { addEvent, makeDrafts, newBatchNo, transition, updateDraft } from '../orders/index.ts';
import { type DraftBasis, draftBasisOf, storeDraftOf } from './drafts.ts';
import {
  insertStoreOrder,
  keepStoreOrderFailure,
  type StoreOrderRow,
  type StoreRow,
  setStoreOrder,
  storeOrderOf,
} from './repo.ts';

export type ImportOutcome = 'imported' | 'updated' | 'unchanged' | 'failed';

/** What became of one store order, and whether its draft still lacks fields (to complete, not failed). */
interface Imported {
  outcome: ImportOutcome;
  incomplete?: boolean;
}

/**
 * A store order's error as kept: our message key with its values, the store's own words, or the fields its
 * draft lacks with their causes (`storeDraftIncomplete`; rows kept before hold `params.fields`, a joined
 * string, instead).
 */
export type StoredError =
  | { key: string; params?: Record<string, string | number>; missing?: DraftGap[] }
  | { text: string };

export const errorText = (error: StoredError | null) => (error ? JSON.stringify(error) : null);

function missingError(missing: readonly DraftGap[]): StoredError | null {
  return missing.length > 0 ? { key: 'storeDraftIncomplete', missing: [...missing] } : null;
}

/** One store order brought in: a new draft, a draft brought up to date, or nothing to do. */
export async function importStoreOrder(
  ctx: AppContext,
  store: StoreRow,
  order: StoreOrder,
  basis: DraftBasis,
  batch?: SyncBatch,
): Promise<Imported> {
  const storeId = Number(store.id);
  const userId = Number(store.user_id);
  const existing = await storeOrderOf(ctx.db, storeId, order.externalId);
  const now = Date.now();
  if (existing?.order_id) {
    if (existing.external_updated_at === order.updatedAt) return { outcome: 'unchanged' };
    if (order.cancelled) return { outcome: await cancelledInStore(ctx, existing, order) };
    if (!order.open) return { outcome: 'unchanged' };
    const draft = storeDraftOf(order, basis);
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const rewritten = await updateDraft(trx, Number(existing.order_id), userId, draft.input);
      await setStoreOrder(trx, existing.id, {
        external_updated_at: order.updatedAt,
        external_name: order.name,
        synced_at: now,
        ...(rewritten ? { error: errorText(missingError(draft.missing)) } : {}),
      });
      return rewritten;
    });
    return updated ? { outcome: 'updated', incomplete: draft.missing.length > 0 } : { outcome: 'unchanged' };
  }
  if (!order.open) return { outcome: 'unchanged' };
  if (!order.to) {
    await keepFailure(ctx, storeId, order, { key: 'storeNoShippingAddress' }, existing?.id);
    return { outcome: 'failed' };
  }
  const draft = storeDraftOf(order, basis);
  const batchNo = batch ? await batch.number() : undefined;
  try {
    // A store's drafts are live ones (their input says no test), as is their `order.imported` event.
    const origin = {
      source: 'store' as const,
      storeId,
      platform: store.platform,
      externalId: order.externalId,
      note: `store ${store.name} ${order.name}`,
    };
    const input = { ...draft.input, ...(batchNo ? { batchNo } : {}) };
    await makeDrafts(ctx, userId, [input], origin, async (trx, [made]) => {
      const row = {
        external_name: order.name,
        external_updated_at: order.updatedAt,
        order_id: (made as { id: number }).id,
        error: errorText(missingError(draft.missing)),
        synced_at: now,
      };
      if (existing) await setStoreOrder(trx, existing.id, row);
      else await insertStoreOrder(trx, { ...row, store_id: storeId, external_id: order.externalId, created_at: now });
    });
  } catch (error) {
    // The same order imported at this moment by a webhook or another sync: that one made the draft.
    if (isUniqueViolation(error)) return { outcome: 'unchanged' };
    throw error;
  }
  return { outcome: 'imported', incomplete: draft.missing.length > 0 };
}

/**
 * The store cancelled an order brought in: its draft is cancelled too (nothing to ship); a label already
 * bought for it is left to the merchant to void, with the store order saying so.
 */
async function cancelledInStore(ctx: AppContext, existing: StoreOrderRow, order: StoreOrder): Promise<ImportOutcome> {
  const orderId = Number(existing.order_id);
  await ctx.db.transaction().execute(async (trx) => {
    const cancelled = await transition(trx, orderId, EDITABLE_STATUSES, ORDER_STATUS.cancelled);
    if (cancelled) await addEvent(trx, orderId, ORDER_STATUS.cancelled, 'cancelled', null, 'cancelled in the store');
    await setStoreOrder(trx, existing.id, {
      external_updated_at: order.updatedAt,
      synced_at: Date.now(),
      // A label bought already: `withdrawn` is never pushed (nor retried), and the merchant is told.
      ...(cancelled
        ? { error: null }
        : { fulfilment: 'withdrawn', error: errorText({ key: 'storeCancelledAfterLabel' }) }),
    });
  });
  return 'updated';
}

async function keepFailure(ctx: AppContext, storeId: number, order: StoreOrder, error: StoredError, id?: number) {
  const now = Date.now();
  const row = {
    external_name: order.name,
    external_updated_at: order.updatedAt,
    error: errorText(error),
    synced_at: now,
  };
  if (id !== undefined) await setStoreOrder(ctx.db, id, row);
  else await keepStoreOrderFailure(ctx.db, row, { store_id: storeId, external_id: order.externalId, created_at: now });
}

/**
 * The batch the new drafts of one sync share, numbered like an import's when the first one comes, so that
 * the merchant opens them together (/shipments/draft?batchNo=) to rate and buy in one go.
 */
export interface SyncBatch {
  number(): Promise<string>;
  readonly taken: string | null;
}

export function syncBatch(ctx: AppContext): SyncBatch {
  let taken: Promise<string> | null = null;
  let numbered: string | null = null;
  return {
    number() {
      taken ??= newBatchNo(ctx.db).then((batchNo) => {
        numbered = batchNo;
        return batchNo;
      });
      return taken;
    },
    get taken() {
      return numbered;
    },
  };
}

/** Orders of one page brought in one after the other; a failure of one is kept on it and the rest go on. */
export async function importPage(
  ctx: AppContext,
  store: StoreRow,
  orders: readonly StoreOrder[],
  counts: Omit<SyncResultView, 'batchNo'>,
  batch?: SyncBatch,
): Promise<void> {
  const basis = await draftBasisOf(ctx.db, Number(store.user_id));
  for (const order of orders) {
    try {
      const { outcome, incomplete } = await importStoreOrder(ctx, store, order, basis, batch);
      counts[outcome]++;
      if (incomplete) counts.incomplete++;
    } catch (error) {
      ctx.log.warn({ err: error, storeId: store.id, order: order.name }, 'store order import failed');
      await keepFailure(ctx, Number(store.id), order, { text: String((error as Error).message ?? error) });
      counts.failed++;
    }
  }
}
