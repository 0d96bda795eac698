import type { Generated } from 'kysely';

/** A user's arrangement of a list's table (0037): contracts/preferences' settings as JSON. */
/** A carrier's bill or adjustment file of a channel (0038, modules/bills). */
export interface CarrierBillsTable {
  id: Generated<number>;
  channel_id: number;
  file_name: string;
  file_sha256: string;
  preset: string;
  amount_kind: string;
  /** JSON: field → header mapped by hand. */
  mapping: string;
  /** JSON: the rows that could not be read. */
  errors: string;
  status: string;
  created_by: number;
  created_at: number;
  posted_by: number | null;
  posted_at: number | null;
}

/** A bill asked of a channel's carrier through its API (0047), read into a bill once made. */
export interface CarrierBillReportsTable {
  id: Generated<number>;
  channel_id: number;
  /** The carrier's id of the report. */
  upstream_id: string;
  /** The span of days it covers, YYYY-MM-DD. */
  date_from: string;
  date_to: string;
  /** requested, previewed, empty or failed. */
  status: string;
  bill_id: number | null;
  message: Generated<string>;
  requested_by: number;
  requested_at: number;
  updated_at: number;
}

/** One line of a carrier bill: matched, classified, and once posted what it charged (cents). */
export interface CarrierBillLinesTable {
  id: Generated<number>;
  bill_id: number;
  row_no: number;
  tracking_no: string;
  kind: string;
  cause: string;
  reason: string;
  reference: string;
  order_id: number | null;
  user_id: number | null;
  amount: number;
  cost_change: number;
  cost_before: number | null;
  billed_oz: number | null;
  billed_size: string;
  billed_zone: string;
  service: string;
  line_key: string;
  duplicate_of: string;
  /** A FedEx later invoice's change: the line ("bill:row") of the invoice that billed the whole charge (0044). */
  follows: Generated<string>;
  /** 1 for a change billed apart from the label's whole charge in an invoice (UPS ADJ, FedEx later invoice) (0045). */
  adjusts: Generated<number>;
  posted_key: string | null;
  posted_at: number | null;
  merchant_change: number | null;
  penalty: number | null;
  taken: number | null;
  owed: number | null;
  /** '' none, 'open', 'accepted' or 'rejected' (0039). */
  dispute: Generated<string>;
  dispute_reason: Generated<string>;
  dispute_answer: Generated<string>;
  work_order_id: number | null;
  disputed_at: number | null;
  settled_by: number | null;
  settled_at: number | null;
  /** A line on a voided label: '' undecided, 'charged' or 'writtenOff', with staff's reason (0041). */
  resolution: Generated<string>;
  resolution_note: Generated<string>;
  resolved_by: number | null;
  resolved_at: number | null;
}

export interface CarrierBillMappingsTable {
  channel_id: number;
  preset: string;
  amount_kind: string;
  mapping: string;
  updated_at: number;
}

/** The tables modules/bills writes, by name (test/table-owners.test.ts). */
export interface BillsTables {
  carrier_bills: CarrierBillsTable;
  carrier_bill_lines: CarrierBillLinesTable;
  carrier_bill_mappings: CarrierBillMappingsTable;
  carrier_bill_reports: CarrierBillReportsTable;
}
