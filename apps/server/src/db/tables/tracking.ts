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

/** When a tracking provider's API may next be called, shared by every instance (modules/tracking/pace.ts). */
export interface ProviderPacesTable {
  provider: string;
  next_at: Generated<number>;
}

/**
 * A carrier's verified push for one tracking number, stored until the push applier applies it (and deletes it):
 * its events as JSON (`TrackingEvent[]`); a failed one's reason, attempts and next try (modules/tracking/push-inbox.ts).
 */
export interface CarrierPushesTable {
  id: Generated<number>;
  channel_id: number;
  tracking_no: string;
  events: string;
  received_at: number;
  run_after: number;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: number | null;
  error: string | null;
  gave_up_at: number | null;
}

/** The tables modules/tracking writes, by name (test/table-owners.test.ts). */
export interface TrackingTables {
  tracking_events: TrackingEventsTable;
  tracking_subscriptions: TrackingSubscriptionsTable;
  provider_paces: ProviderPacesTable;
  carrier_pushes: CarrierPushesTable;
}
