import type { CarrierRefund } from '@parcelport/shared';
import type { Generated } from 'kysely';

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  batch_no: string | null;
  status: Generated<number>;
  channel_id: number | null;
  service_id: number | null;
  carrier_code: string | null;
  service_code: string | null;
  service_name: string | null;
  /** JSON address of docs/spec.md §3. */
  from_address: string;
  to_address: string;
  from_name: Generated<string>;
  from_zip: Generated<string>;
  to_name: Generated<string>;
  to_zip: Generated<string>;
  reference1: Generated<string>;
  reference2: Generated<string>;
  remark: Generated<string>;
  battery_type: Generated<string>;
  insurance_cents: Generated<number>;
  insurance_fee: Generated<number>;
  residential: Generated<number>;
  label_size: Generated<string>;
  /** JSON: the order extra options of docs/spec.md §3. */
  extra: Generated<string>;
  is_test: Generated<number>;
  /** Price charged to the customer (cents). */
  rate: number | null;
  /** Carrier cost before markups (cents). */
  cost: number | null;
  earnest: Generated<number>;
  zone: number | null;
  billable_oz: number | null;
  tracking_no: string | null;
  audit_info: Generated<string>;
  fail_reason: Generated<string>;
  ship_date: string | null;
  /** JSON: the quote the label was bought at (baseInfo in docs/spec.md). */
  estimate: string | null;
  billed_cost: number | null;
  billed_oz: number | null;
  billed_at: number | null;
  earnest_released_at: number | null;
  refunded_at: number | null;
  address_status: Generated<number>;
  address_note: Generated<string>;
  reviewed_at: number | null;
  /** While in 17 (placing): until when the purchasing instance holds it; once lapsed, any instance recovers it. */
  placing_until: number | null;
  /** The carrier's id of the shipment bought upstream, as its adapter reads it (0022). */
  upstream_id: string | null;
  /** In 17: since when a purchase the carrier cannot be asked about waits for staff to settle it (0025). */
  unconfirmed_since: number | null;
  /** The carrier's answer to voiding the label bought upstream (0023): '' (not voided upstream), 'unasked', 'pending', 'refunded', 'rejected'. */
  carrier_refund: Generated<CarrierRefund>;
  carrier_refund_note: Generated<string>;
  carrier_refund_checked_at: number | null;
  /** The edit guard: one more on every write that changes the order (see migrations/0014_order_version.ts). */
  version: Generated<number>;
  /** Bought by a proxy's customer (0030): the proxy, and the commission credited to it (cents). */
  proxy_id: number | null;
  commission: Generated<number>;
  /** The wallet its label is paid from (0043; a purchase charges USD today), what the statistics sum it in. */
  currency: Generated<string>;
  /** 'label' (an outbound label) or 'return' (a return label, with its row in `returns`; 0075). */
  kind: Generated<OrderKind>;
  /** JSON: the order's items (`OrderItem[]`: sku, name, quantity, priceCents), from a store, an import or the API (0100). */
  items: Generated<string>;
  /** What the merchant's rules decided (0100, modules/rules): the service to buy with, or a rate-shopping choice (JSON `RateChoice`). */
  preferred_service_id: number | null;
  rate_choice: string | null;
  /** 1: a rule holds the order for review before it is bought. */
  held_for_review: Generated<number>;
  /** JSON: which rule set what (`RuleTrailEntry[]`), shown as "set by rule X". */
  rule_trail: Generated<string>;
  created_at: number;
  label_created_at: number | null;
  updated_at: number;
}

export type OrderKind = 'label' | 'return';

export interface ParcelsTable {
  id: Generated<number>;
  order_id: number;
  seq: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  mass_unit: string;
  distance_unit: string;
  package_code: string;
  package_num: Generated<number>;
  package_amount: Generated<number>;
  insured_cents: Generated<number>;
  reference: Generated<string>;
  reference2: Generated<string>;
  tracking_no: string | null;
  /** JSON: barcode symbology and data, from the carrier. */
  barcode: string | null;
  tracking_status: Generated<number>;
  tracking_updated_at: number | null;
  tracking_registered: Generated<number>;
  /** When the tracking refresh last asked about the parcel (0: never). */
  tracking_checked_at: Generated<number>;
  /** The refresh that polls the parcel now holds it until then (0019). */
  tracking_claimed_until: number | null;
  /** The carrier's own label for the parcel, in the file storage (0022); null when drawn here. */
  label_file: string | null;
  label_format: 'pdf' | 'png' | 'zpl' | null;
  /** The carrier's acceptance form the label is on (0029), when one was made. */
  carrier_manifest_id: number | null;
  /** When the label was sent for a form whose outcome is not known yet (0050, volume/carrier-forms.ts). */
  carrier_form_asked_at: number | null;
}

/** A carrier's acceptance form (SCAN form) for labels bought upstream (0029, volume/carrier-forms.ts). */
export interface CarrierManifestsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  upstream_id: string;
  file_name: string;
  created_at: number;
}

/** Staff's settlement of a SCAN form whose answer was lost (migration 0054). */
export interface CarrierFormSettlementsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  asked_at: number;
  outcome: 'recorded' | 'released';
  form_number: string | null;
  carrier_manifest_id: number | null;
  tracking_numbers: string;
  settled_by: number;
  settled_at: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  event: string;
  detail: Generated<string>;
  actor_id: number | null;
  created_at: number;
}

/** A label's public tracking page (0070): 128 random bits, never the tracking number. */
export interface TrackingPagesTable {
  order_id: number;
  public_id: string;
  created_at: number;
}

/** The tables modules/orders writes, by name (test/table-owners.test.ts). */
export interface OrdersTables {
  orders: OrdersTable;
  parcels: ParcelsTable;
  carrier_manifests: CarrierManifestsTable;
  carrier_form_settlements: CarrierFormSettlementsTable;
  order_events: OrderEventsTable;
  tracking_pages: TrackingPagesTable;
}
