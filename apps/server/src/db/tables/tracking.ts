import type { Generated } from 'kysely';

export interface TrackingEventsTable {
  id: Generated<number>;
  parcel_id: number;
  order_id: number;
  status: number;
  description: string;
  location: Generated<string>;
  occurred_at: number;
  created_at: number;
}

export interface TrackingSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  tracking_no: string;
  email: string | null;
  webhook_url: string | null;
  created_at: number;
}

/** The tables modules/tracking writes, by name (test/table-owners.test.ts). */
export interface TrackingTables {
  tracking_events: TrackingEventsTable;
  tracking_subscriptions: TrackingSubscriptionsTable;
}
