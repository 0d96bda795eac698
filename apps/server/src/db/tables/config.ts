import type { Generated } from 'kysely';

export interface ConfigsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Each change of a run-time setting (migration 0027): who, when, the old and the new value (a secret's never). */
export interface ConfigChangesTable {
  id: Generated<number>;
  key: string;
  old_value: string | null;
  new_value: string | null;
  /** 1 for a secret setting: recorded as changed, its values left null. */
  secret: number;
  actor_id: number | null;
  created_at: number;
}

/** The tables modules/config writes, by name (test/table-owners.test.ts). */
export interface ConfigTables {
  configs: ConfigsTable;
  config_changes: ConfigChangesTable;
}
