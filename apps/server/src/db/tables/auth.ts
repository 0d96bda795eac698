import type { Generated } from 'kysely';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  /** The staff member acting as user_id, when the session came from token/build. */
  actor_id: number | null;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Set for an API key (a named session that never renews); null for a sign-in session. */
  api_key_name: string | null;
  api_key_prefix: string | null;
  /** An API key's last call, to the minute. */
  last_used_at: number | null;
  /** 1: an API key that may only read (0053). */
  api_key_read_only: Generated<number>;
  /** 1: a test key (`pp_test_…`), 0: a live one, every key made before modes (0081). */
  api_key_test: Generated<number>;
  /** The areas (KEY_AREAS) the key may call, a JSON array; null: every area (0080). */
  api_key_areas: string | null;
  /** The addresses or CIDR blocks the key may call from, a JSON array; null: any (0080). */
  api_key_ips: string | null;
  /** The address of the key's last noted call. */
  last_used_ip: string | null;
  /** When the key was rolled: its secret then works until expires_at, the end of the overlap. */
  api_key_rolled_at: number | null;
  /** The id of the key a rolled key was first made as; null on a key not made by a roll (0137). */
  api_key_lineage: number | null;
}

export interface LoginThrottlesTable {
  username: string;
  failures: number;
  window_start: number;
  locked_until: Generated<number>;
  lockouts: Generated<number>;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** The tables modules/auth writes, by name (test/table-owners.test.ts). */
export interface AuthTables {
  sessions: SessionsTable;
  login_throttles: LoginThrottlesTable;
  server_secrets: ServerSecretsTable;
}
