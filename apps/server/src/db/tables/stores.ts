import type { Generated } from 'kysely';

/** A merchant's online store (migration 0040, docs/stores.md). */
export interface StoresTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  name: string;
  account: string;
  status: string;
  credentials: Generated<string>;
  webhooks: Generated<string>;
  oauth_state: string | null;
  oauth_started_at: number | null;
  weight_unit: Generated<string>;
  last_sync_at: number | null;
  last_sync: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  disconnected_at: number | null;
}

/** A store's order and the draft or label it became (migration 0040). */
export interface StoreOrdersTable {
  id: Generated<number>;
  store_id: number;
  external_id: string;
  external_name: string;
  external_updated_at: string;
  order_id: number | null;
  fulfilment: Generated<string>;
  fulfilment_id: string | null;
  pushed_tracking: string | null;
  claimed_until: Generated<number>;
  error: string | null;
  synced_at: number;
  created_at: number;
}

/** The tables modules/stores writes, by name (test/table-owners.test.ts). */
export interface StoresTables {
  stores: StoresTable;
  store_orders: StoreOrdersTable;
}
