/*
 * The tables only the database's own triggers write (no code does): db/versions.ts and modules/reports read them.
 */

/** The paid labels summed per UTC day of purchase and customer, kept by triggers on orders (0036). */
export interface LabelDayTotalsTable {
  /** label_created_at / 86,400,000. */
  day: number;
  /** The wallet that paid the labels (0043). */
  currency: string;
  user_id: number;
  /** The customer's seller (users.owner_id), followed by a trigger when it changes. */
  owner_id: number | null;
  labels: number;
  /** Cents: price and insurance. */
  sales: number;
}

/** A counter per scope of data, raised by triggers whenever the scope's rows change (db/versions.ts). */
export interface ChangeVersionsTable {
  scope: string;
  version: number;
}

/** The tables the database's triggers write, by name. */
export interface TriggersTables {
  change_versions: ChangeVersionsTable;
  label_day_totals: LabelDayTotalsTable;
}
