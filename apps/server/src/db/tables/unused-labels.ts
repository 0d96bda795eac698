/** A merchant's switch for voiding unused labels (migration 0066); no row means on. */
export interface UnusedLabelSettingsTable {
  user_id: number;
  enabled: number;
  updated_at: number;
}

/** Per order: when its merchant was warned that its unused label will be voided, and when it was. */
export interface UnusedLabelNoticesTable {
  order_id: number;
  user_id: number;
  warned_at: number;
  voided_at: number | null;
}

/** The tables modules/unused-labels writes, by name (test/table-owners.test.ts). */
export interface UnusedLabelsTables {
  unused_label_settings: UnusedLabelSettingsTable;
  unused_label_notices: UnusedLabelNoticesTable;
}
