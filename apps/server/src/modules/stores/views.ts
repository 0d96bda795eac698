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

export function storeViewOf(row: CountedStore): StoreView {
  return {
    id: Number(row.id),
    platform: row.platform as StorePlatform,
    name: row.name,
    account: row.account,
    status: row.status as StoreStatus,
    lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
    lastSync: row.last_sync ? (JSON.parse(row.last_sync) as StoreView['lastSync']) : null,
    lastError: row.last_error,
    ordersImported: row.imported,
    ordersFailing: row.failing,
    createdAt: Number(row.created_at),
  };
}

export function staffStoreViewOf(row: CountedStore & { user_email: string; user_name: string }): StaffStoreView {
  return { ...storeViewOf(row), userId: Number(row.user_id), userEmail: row.user_email, userName: row.user_name };
}

/** A kept error in the reader's language (our message), or as the store worded it. */
function errorOf(text: string | null, locale: Locale): string | null {
  if (!text) return null;
  const error = JSON.parse(text) as StoredError;
  if ('text' in error) return error.text;
  return isMessageKey(error.key) ? translate(error.key, locale, error.params) : error.key;
}

const FULFILMENTS: readonly string[] = ['none', 'pushed', 'failed', 'cancelled'] satisfies FulfilmentState[];

/** The state as the merchant reads it: an order the store withdrew (cancelled after its label) shows failed. */
function fulfilmentOf(state: string): FulfilmentState {
  if (state === 'withdrawn') return 'failed';
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
    error: errorOf(row.error, locale),
    syncedAt: Number(row.synced_at),
  };
}
