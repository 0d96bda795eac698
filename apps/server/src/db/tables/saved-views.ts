import type { Generated } from 'kysely';

/** A saved view of the order list (migration 0116, modules/saved-views): filters, columns and sort as JSON. */
export interface SavedViewsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  name: string;
  shared: number;
  state: string;
  created_at: number;
  updated_at: number;
}

/** The tables modules/saved-views writes, by name (test/table-owners.test.ts). */
export interface SavedViewsTables {
  saved_views: SavedViewsTable;
}
