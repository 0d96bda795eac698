import type { JobStatus } from '@parcelport/shared/contracts/volume/schemas';
import type { Generated } from 'kysely';

export interface UserLogsTable {
  id: Generated<number>;
  actor_id: number | null;
  subject_id: number | null;
  method: string;
  path: string;
  status_code: number;
  ip: string;
  /** 1: made by the actor while acting as the subject (0032). */
  acting: Generated<number>;
  /** The mode of the API key the call was made with, `test` or `live`; null: a signed-in session (0081). */
  api_key_mode: string | null;
  created_at: number;
  /** What a settings change found and left (JSON), for the merchant's change history (0120). */
  before: string | null;
  after: string | null;
}

export interface SequencesTable {
  name: string;
  value: number;
}

/** The calls an API key made in a minute (hooks/key-rate-limit.ts). */
export interface ApiKeyCallsTable {
  session_id: number;
  /** The minute's start, epoch milliseconds. */
  window_start: number;
  calls: number;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The method and route the key was first sent to (0052); '' for keys taken before. */
  operation: Generated<string>;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  /** While the call runs (no response yet): until when its instance holds the key; once lapsed, a retry runs. */
  locked_until: number | null;
  created_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  status: JobStatus;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  payload: Generated<string>;
  result: string | null;
  locked_by: string | null;
  locked_until: number | null;
  /** How many times the job was claimed (a task's attempts). */
  attempts: Generated<number>;
  /** A task retried later is not claimed before this time. */
  run_after: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface JobItemsTable {
  job_id: number;
  seq: number;
  order_id: number;
  /** 0 pending, 1 done, 2 failed. */
  status: Generated<number>;
  message: Generated<string>;
  /** Not run before this time (epoch ms): the item waits for its channel to come back (0024). */
  not_before: number | null;
}

/** The tables the platform writes below the modules (jobs, db, http, hooks), by name (test/table-owners.test.ts). */
export interface PlatformTables {
  user_logs: UserLogsTable;
  sequences: SequencesTable;
  idempotency_keys: IdempotencyKeysTable;
  api_key_calls: ApiKeyCallsTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
}
