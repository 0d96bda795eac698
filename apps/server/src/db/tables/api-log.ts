import type { Generated } from 'kysely';

/** One attempt of a call to a carrier's API (migration 0015), redacted before it is written. */
export interface ApiLogsTable {
  id: Generated<number>;
  /** The channel called, or null for a store's call (then store_id). */
  channel_id: number | null;
  store_id: number | null;
  operation: string;
  order_no: string | null;
  method: string;
  url: string;
  http_status: number | null;
  duration_ms: number;
  outcome: string;
  error_message: string | null;
  request_headers: string | null;
  request_body: string | null;
  response_body: string | null;
  /** 1: a call made for a test label, with the carrier's test credentials (migration 0130). */
  is_test: Generated<number>;
  created_at: number;
}

/** The tables modules/api-log writes, by name (test/table-owners.test.ts). */
export interface ApiLogTables {
  api_logs: ApiLogsTable;
}
