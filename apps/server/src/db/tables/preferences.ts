export interface TableSettingsTable {
  user_id: number;
  list: string;
  settings: string;
  updated_at: number;
}

/** The tables modules/preferences writes, by name (test/table-owners.test.ts). */
export interface PreferencesTables {
  table_settings: TableSettingsTable;
}
