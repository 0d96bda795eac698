import type { Locale } from '@parcelport/shared';
import type {
  FulfilmentState,
  StaffStoreView,
  StoreOrderView,
  StorePlatform,
  StoreStatus,
  StoreView,
} from '@parcelport/shared/contracts/stores/index';
import { isMessageKey, translate } from '../../i18n/messages.ts';
import type { CountedStore, StoreOrderRow } from './repo.ts';
import type { StoredError } from './sync.ts';

/** A sync as kept on the store; those kept before drafts to complete were counted lack `incomplete`. */
type KeptSync = Omit<NonNullable<StoreView['lastSync']>, 'incomplete'> & { incomplete?: number };

export function storeViewOf(row: CountedStore): StoreView {
  return {
    id: Number(row.id),
    platform: row.platform as StorePlatform,
    name: row.name,
    account: row.account,
    status: row.status as StoreStatus,
    lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
    // A sync kept before drafts to complete were counted apart: none counted.
    lastSync: row.last_sync ? { incomplete: 0, ...(JSON.parse(row.last_sync) as KeptSync) } : null,
    lastError: row.last_error,
    ordersImported: row.imported,
    ordersIncomplete: row.incomplete,
    ordersFailing: row.failing,
    createdAt: Number(row.created_at),
  };
}

export function staffStoreViewOf(row: CountedStore & { user_email: string; user_name: string }): StaffStoreView {
  return { ...storeViewOf(row), userId: Number(row.user_id), userEmail: row.user_email, userName: row.user_name };
}

/**
 * A kept error as the merchant reads it: an incomplete draft's fields and causes (the web names them as
 * its form does; a row kept before causes were written gives its joined paths, causes unknown), or the
 * error in the reader's language (our message) or as the store worded it.
 */
function errorOf(text: string | null, locale: Locale): Pick<StoreOrderView, 'error' | 'missing'> {
  if (!text) return { error: null, missing: null };
  const error = JSON.parse(text) as StoredError;
  if ('text' in error) return { error: error.text, missing: null };
  if (error.key === 'storeDraftIncomplete')
    return {
      error: null,
      missing:
        error.missing ??
        String(error.params?.fields ?? '')
          .split(', ')
          .map((path) => ({ path, cause: null })),
    };
  return { error: isMessageKey(error.key) ? translate(error.key, locale, error.params) : error.key, missing: null };
}

const FULFILMENTS: readonly string[] = ['none', 'pushed', 'failed', 'cancelled'] satisfies FulfilmentState[];

/**
 * The state as the merchant reads it: an order the store withdrew (cancelled after its label) shows failed;
 * a push whose outcome is unknown (push.ts) is still to be pushed, its last error beside it.
 */
function fulfilmentOf(state: string): FulfilmentState {
  if (state === 'withdrawn') return 'failed';
  if (state === 'unknown') return 'none';
  return (FULFILMENTS.includes(state) ? state : 'none') as FulfilmentState;
}

export function storeOrderViewOf(
  row: StoreOrderRow & { order_no: string | null; tracking_no: string | null; order_status: number | null },
  locale: Locale,
): StoreOrderView {
  return {
    id: Number(row.id),
    externalName: row.external_name,
    orderId: row.order_id === null ? null : Number(row.order_id),
    orderNo: row.order_no,
    orderStatus: row.order_status === null ? null : Number(row.order_status),
    trackingNumber: row.tracking_no,
    fulfilment: fulfilmentOf(row.fulfilment),
    ...errorOf(row.error, locale),
    syncedAt: Number(row.synced_at),
  };
}
