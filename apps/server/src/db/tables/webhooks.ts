import type { Generated } from 'kysely';

/** A merchant's webhook endpoint (0060, webhooks/endpoints.ts); secrets sealed. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  description: Generated<string>;
  /** JSON array of event types. */
  event_types: string;
  enabled: Generated<number>;
  disabled_reason: string | null;
  disabled_at: number | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  failing_since: number | null;
  /** 1: a test endpoint, hearing only test-mode events (migration 0130). */
  is_test: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An event recorded once per owner, type and source (webhooks/events.ts). */
export interface WebhookEventsTable {
  id: Generated<number>;
  event_id: string;
  user_id: number;
  type: string;
  source_key: string;
  body: string;
  /** 1: about test-mode objects, for the owner's test endpoints only (migration 0130). */
  is_test: Generated<number>;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_row_id: number;
  user_id: number;
  status: string;
  attempts: Generated<number>;
  last_code: number | null;
  last_at: number | null;
  job_id: number | null;
  created_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  trigger: string;
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** The signing secret of a merchant's tracking subscriptions' webhooks (SPEC §7). */
export interface TrackingWebhookKeysTable {
  user_id: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  created_at: number;
}

/** The tables modules/webhooks writes, by name (test/table-owners.test.ts). */
export interface WebhooksTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  tracking_webhook_keys: TrackingWebhookKeysTable;
}
