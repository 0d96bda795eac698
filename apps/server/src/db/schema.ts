import type { CarrierRefund } from '@parcelport/shared';
import type { JobStatus } from '@parcelport/shared/contracts/volume/schemas';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Conventions (docs/design.md §5): ids bigint autoincrement, money bigint cents,
 * times bigint epoch ms, flags integer 0/1, JSON as text.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: Generated<string>;
  nick_name: Generated<string>;
  real_name: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company: Generated<string>;
  phone: Generated<string>;
  wechat: Generated<string>;
  /** The code this user hands out (sellers); customers who register with it belong to this user. */
  invitation_code: string | null;
  /** The seller (or proxy) who owns this customer. */
  owner_id: number | null;
  /** 'customer' or 'staff' (employees: administrators, customer service, finance, sellers). */
  kind: Generated<string>;
  password_hash: string;
  avatar: Generated<string>;
  status: Generated<number>;
  member_type: Generated<number>;
  account_id: Generated<string>;
  certification: Generated<number>;
  /** Set when staff deleted the account (0030): kept with its history, never listed or managed again. */
  deleted_at: number | null;
  /** A proxy's markup on the platform's price for its customers (0030): basis points and cents. */
  proxy_percent_bp: Generated<number>;
  proxy_fixed_cents: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  built_in: Generated<number>;
  created_at: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  code: string;
  category: string;
  name: string;
}

export interface RoleResourcesTable {
  role_id: number;
  resource_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

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
}

export interface VerificationCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginThrottlesTable {
  username: string;
  failures: number;
  window_start: number;
  locked_until: Generated<number>;
  lockouts: Generated<number>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The whole mail while it waits for no SMTP server; the redacted body once SMTP has taken it. */
  body: string;
  /** The body with its codes and links masked, as the outbox API shows it; null before migration 0011. */
  redacted_body: string | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

/** A visitor's question from /contactUs and the answer staff mailed (0033). */
export interface ContactRequestsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  monthly_volume: string;
  question: string;
  language: string;
  ip: Generated<string>;
  /** 0 waiting for an answer, 1 answered. */
  status: Generated<number>;
  reply: Generated<string>;
  replied_by: number | null;
  replied_at: number | null;
  created_at: number;
}

/** A help centre article, in both languages (0034). */
export interface HelpArticlesTable {
  id: Generated<number>;
  slug: string;
  category: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  published: Generated<number>;
  sort: Generated<number>;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

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

/** A merchant's team member (0120, modules/team). */
export interface TeamMembersTable {
  id: Generated<number>;
  /** The merchant the member works for. */
  user_id: number;
  /** The member's own account (kind 'member'). */
  member_id: number;
  email: string;
  /** JSON array of MemberPermission. */
  permissions: string;
  /** SHA-256 of the invitation link's token, until accepted. */
  invite_hash: string | null;
  invite_expires_at: number | null;
  invited_at: number;
  accepted_at: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  balance: Generated<number>;
  earnest_balance: Generated<number>;
  deposit_balance: Generated<number>;
  refund_amount: Generated<number>;
  credit_limit: Generated<number>;
  updated_at: number;
}

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** In the platform's language; shown as is when the message has no keys (written before 0035). */
  title: string;
  content: Generated<string>;
  /** The catalogue keys of the title and text, and their values as JSON (0035): shown in the reader's language. */
  title_key: string | null;
  content_key: string | null;
  params: Generated<string>;
  status: Generated<number>;
  created_at: number;
}

export interface BalanceLogsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  type: number;
  /** Change of the available balance (negative takes money out). */
  amount: number;
  earnest_amount: Generated<number>;
  deposit_amount: Generated<number>;
  balance_after: number;
  earnest_after: number;
  deposit_after: number;
  reference_type: string | null;
  reference_id: number | null;
  reference_no: string | null;
  actor_id: number | null;
  remark: Generated<string>;
  created_at: number;
}

export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  payment_method: string;
  forecast_amount: number;
  actual_amount: number | null;
  voucher_id: number | null;
  status: Generated<number>;
  remark: Generated<string>;
  audit_remark: Generated<string>;
  auditor_id: number | null;
  submitted_at: number;
  arrived_at: number | null;
  audited_at: number | null;
}

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

export interface SequencesTable {
  name: string;
  value: number;
}

export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  platform_code: string;
  carrier_code: string;
  status: Generated<number>;
  /** JSON: the platform's credentials and settings. */
  settings: Generated<string>;
  is_demo: Generated<number>;
  auto_allot: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CarrierServicesTable {
  id: Generated<number>;
  channel_id: number;
  code: string;
  name: string;
  carrier_code: string;
  status: Generated<number>;
  /** JSON: rating settings (dimensional divisor, limits, surcharges, delivery days). */
  settings: Generated<string>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface RateTablesTable {
  service_id: number;
  zone: number;
  max_oz: number;
  price_cents: number;
}

export interface ZoneChartsTable {
  origin_zip3: string;
  dest_zip3: string;
  zone: number;
}

export interface UserChannelsTable {
  user_id: number;
  channel_id: number;
}

export interface PriceRulesTable {
  id: Generated<number>;
  name: string;
  channel_id: number | null;
  service_id: number | null;
  percent_bp: Generated<number>;
  fixed_cents: Generated<number>;
  is_default: Generated<number>;
  status: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UserPriceRulesTable {
  user_id: number;
  rule_id: number;
}

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

/** What only a return order has (0075, modules/returns). */
export interface ReturnsTable {
  order_id: number;
  user_id: number;
  /** The outbound order it comes back from; null for a return made on its own. */
  outbound_id: number | null;
  /** 1: free when made, charged when the carrier first scans it; 0: charged when bought. */
  pay_on_use: Generated<number>;
  /** Until when the carrier honours the label (pay on use); unused by then, it lapses. */
  valid_until: number | null;
  /** When the carrier first scanned it (and, paid on use, it was charged). */
  used_at: number | null;
  lapsed_at: number | null;
  /** SHA-256 (hex) of the return link's id, and the id sealed with the server's key. */
  link_hash: string;
  link_sealed: string;
  /** The carrier's QR code of the label (a PNG in the file storage), where it offers one (migration 0085). */
  qr_file: Generated<string | null>;
  /**
   * A pay-on-use return of a proxy's customer: the proxy and its commission (cents) the quote held, credited
   * at the first scan with the charge (migration 0086); 0 / null otherwise.
   */
  proxy_id: Generated<number | null>;
  commission: Generated<number>;
  created_at: number;
}

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
  /** When the label was sent for a form whose outcome is not known yet (0050, orders/carrier-forms.ts). */
  carrier_form_asked_at: number | null;
}

/** A carrier's acceptance form (SCAN form) for labels bought upstream (0029, orders/carrier-forms.ts). */
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

export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  person_name: string;
  company: string;
  phone: string;
  email: string;
  country_code: string;
  state_code: string;
  city: string;
  address_line1: string;
  address_line2: string;
  zip_code: string;
  is_residential: number;
  is_default_sender: number;
  created_at: number;
  updated_at: number;
}

export interface PackageTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  quantity: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  /** 'lb/in' or 'kg/cm'. */
  unit: string;
  created_at: number;
  updated_at: number;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  ticket_no: string;
  user_id: number;
  type: string;
  subject: string;
  description: Generated<string>;
  order_id: number | null;
  attachment_id: number | null;
  /** 0 being processed, 1 closed, 2 cancelled. */
  status: Generated<number>;
  last_reply: Generated<string>;
  /** 'customer' or 'service'; null before the first reply. */
  last_reply_side: string | null;
  created_at: number;
  updated_at: number;
}

export interface WorkOrderRepliesTable {
  id: Generated<number>;
  work_order_id: number;
  author_id: number;
  side: string;
  content: string;
  attachment_id: number | null;
  created_at: number;
}

export interface SysMessagesTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** 'all', 'customers', 'staff', or 'users' (those of sys_message_recipients). */
  audience: string;
  created_by: number;
  created_at: number;
}

export interface SysMessageRecipientsTable {
  sys_message_id: number;
  user_id: number;
}

export interface SysMessageReadsTable {
  sys_message_id: number;
  user_id: number;
  read_at: number;
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

/** A channel's shared quota counters and circuit breaker (0024, modules/channels/gate.ts). */
export interface ChannelGatesTable {
  channel_id: number;
  second_start: Generated<number>;
  second_count: Generated<number>;
  minute_start: Generated<number>;
  minute_count: Generated<number>;
  /** The count of the minute before `minute_start`: the sliding minute weighs it by what is left of it. */
  prev_minute_count: Generated<number>;
  /** The clock hour (epoch ms at its start) `hour_count` requests were made in. */
  hour_start: Generated<number>;
  hour_count: Generated<number>;
  /** Transient failures in a row; at the channel's threshold the breaker opens. */
  failures: Generated<number>;
  /** While in the future the channel takes no calls but one probe (0 when closed). */
  paused_until: Generated<number>;
  /** When the carrier last refused the channel's credentials; null while they work. */
  auth_failed_at: number | null;
  auth_error: Generated<string>;
}

/** One concurrency slot of a channel, held by a call until `held_until` (0024). */
export interface ChannelSlotsTable {
  channel_id: number;
  slot: number;
  held_until: Generated<number>;
  holder: Generated<string>;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  parcel_id: number;
  order_id: number;
  status: number;
  description: string;
  location: Generated<string>;
  occurred_at: number;
  created_at: number;
}

export interface TrackingSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  tracking_no: string;
  email: string | null;
  webhook_url: string | null;
  created_at: number;
}

/** A label's public tracking page (0070): 128 random bits, never the tracking number. */
export interface TrackingPagesTable {
  order_id: number;
  public_id: string;
  created_at: number;
}

/** An account's brand on its recipients' tracking pages and mails (0070). */
export interface BrandsTable {
  user_id: number;
  /** Shown on the page and signing the mails ('': the account's company). */
  name: Generated<string>;
  /** An image attachment of the account's own. */
  logo_attachment_id: number | null;
  /** `#rrggbb` or ''. */
  color: Generated<string>;
  support_email: Generated<string>;
  support_phone: Generated<string>;
  support_url: Generated<string>;
  /** The language the recipients' notices are written in. */
  notice_locale: Generated<string>;
  updated_at: number;
}

/** Whether an account's recipients are mailed on an event, and the templates (0070; '' = built-in). */
export interface NoticeSettingsTable {
  user_id: number;
  event: string;
  enabled: Generated<number>;
  subject_zh: Generated<string>;
  body_zh: Generated<string>;
  subject_en: Generated<string>;
  body_en: Generated<string>;
  updated_at: number;
}

/** A notice mailed to a recipient (0070): one per order and event. */
export interface RecipientNoticesTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  email: string;
  locale: string;
  sent_at: number;
}

/** A merchant's webhook endpoint (0060, webhooks/endpoints.ts); secrets sealed. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  description: Generated<string>;
  /** JSON array of event types. */
  event_types: string;
  enabled: Generated<number>;
  disabled_reason: string | null;
  disabled_at: number | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  failing_since: number | null;
  /** 1: a test endpoint, hearing only test-mode events (migration 0130). */
  is_test: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An event recorded once per owner, type and source (webhooks/events.ts). */
export interface WebhookEventsTable {
  id: Generated<number>;
  event_id: string;
  user_id: number;
  type: string;
  source_key: string;
  body: string;
  /** 1: about test-mode objects, for the owner's test endpoints only (migration 0130). */
  is_test: Generated<number>;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_row_id: number;
  user_id: number;
  status: string;
  attempts: Generated<number>;
  last_code: number | null;
  last_at: number | null;
  job_id: number | null;
  created_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  trigger: string;
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** The signing secret of a merchant's tracking subscriptions' webhooks (SPEC §7). */
export interface TrackingWebhookKeysTable {
  user_id: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  created_at: number;
}

/** A counter per scope of data, raised by triggers whenever the scope's rows change (db/versions.ts). */
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

export interface TableSettingsTable {
  user_id: number;
  list: string;
  settings: string;
  updated_at: number;
}

export interface ChangeVersionsTable {
  scope: string;
  version: number;
}

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

/** A merchant's online store (migration 0040, docs/stores.md). */
export interface StoresTable {
  id: Generated<number>;
  user_id: number;
  platform: string;
  name: string;
  account: string;
  status: string;
  credentials: Generated<string>;
  webhooks: Generated<string>;
  oauth_state: string | null;
  oauth_started_at: number | null;
  weight_unit: Generated<string>;
  last_sync_at: number | null;
  last_sync: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  disconnected_at: number | null;
}

/** A store's order and the draft or label it became (migration 0040). */
export interface StoreOrdersTable {
  id: Generated<number>;
  store_id: number;
  external_id: string;
  external_name: string;
  external_updated_at: string;
  order_id: number | null;
  fulfilment: Generated<string>;
  fulfilment_id: string | null;
  pushed_tracking: string | null;
  claimed_until: Generated<number>;
  error: string | null;
  synced_at: number;
  created_at: number;
}

/** Files kept in the database by the `database` file storage (migration 0021). */
export interface FileBlobsTable {
  name: string;
  bytes: Uint8Array;
  size: number;
  created_at: number;
}

/** A merchant's address correction before the label (0110): 'confirm', 'auto' or 'off' (no row: off). */
export interface AddressCorrectionModesTable {
  user_id: number;
  mode: string;
  updated_at: number;
}

export interface Database {
  address_correction_modes: AddressCorrectionModesTable;
  file_blobs: FileBlobsTable;
  users: UsersTable;
  roles: RolesTable;
  resources: ResourcesTable;
  role_resources: RoleResourcesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  login_throttles: LoginThrottlesTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  user_logs: UserLogsTable;
  team_members: TeamMembersTable;
  server_secrets: ServerSecretsTable;
  wallets: WalletsTable;
  user_messages: UserMessagesTable;
  balance_logs: BalanceLogsTable;
  attachments: AttachmentsTable;
  recharges: RechargesTable;
  configs: ConfigsTable;
  config_changes: ConfigChangesTable;
  sequences: SequencesTable;
  channels: ChannelsTable;
  carrier_services: CarrierServicesTable;
  rate_tables: RateTablesTable;
  zone_charts: ZoneChartsTable;
  user_channels: UserChannelsTable;
  price_rules: PriceRulesTable;
  user_price_rules: UserPriceRulesTable;
  orders: OrdersTable;
  parcels: ParcelsTable;
  carrier_manifests: CarrierManifestsTable;
  carrier_form_settlements: CarrierFormSettlementsTable;
  order_events: OrderEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  api_key_calls: ApiKeyCallsTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  channel_gates: ChannelGatesTable;
  channel_slots: ChannelSlotsTable;
  tracking_events: TrackingEventsTable;
  tracking_subscriptions: TrackingSubscriptionsTable;
  tracking_pages: TrackingPagesTable;
  brands: BrandsTable;
  notice_settings: NoticeSettingsTable;
  recipient_notices: RecipientNoticesTable;
  change_versions: ChangeVersionsTable;
  label_day_totals: LabelDayTotalsTable;
  table_settings: TableSettingsTable;
  carrier_bills: CarrierBillsTable;
  carrier_bill_lines: CarrierBillLinesTable;
  carrier_bill_mappings: CarrierBillMappingsTable;
  carrier_bill_reports: CarrierBillReportsTable;
  address_book: AddressBookTable;
  package_templates: PackageTemplatesTable;
  work_orders: WorkOrdersTable;
  contact_requests: ContactRequestsTable;
  help_articles: HelpArticlesTable;
  work_order_replies: WorkOrderRepliesTable;
  sys_messages: SysMessagesTable;
  sys_message_recipients: SysMessageRecipientsTable;
  sys_message_reads: SysMessageReadsTable;
  api_logs: ApiLogsTable;
  stores: StoresTable;
  store_orders: StoreOrdersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  tracking_webhook_keys: TrackingWebhookKeysTable;
  insurance_claims: InsuranceClaimsTable;
  insurance_claim_files: InsuranceClaimFilesTable;
  unused_label_settings: UnusedLabelSettingsTable;
  unused_label_notices: UnusedLabelNoticesTable;
  returns: ReturnsTable;
  pickups: PickupsTable;
  saved_views: SavedViewsTable;
  tags: TagsTable;
  order_tags: OrderTagsTable;
  order_rules: OrderRulesTable;
  products: ProductsTable;
}

/** A merchant's order tag (0100, modules/tags); the colour is a `#rrggbb`. */
export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: string;
  created_at: number;
}

export interface OrderTagsTable {
  order_id: number;
  tag_id: number;
}

/** A merchant's rule (0100, modules/rules): conditions and actions are JSON of contracts/rules/schemas.ts. */
export interface OrderRulesTable {
  id: Generated<number>;
  user_id: number;
  position: number;
  name: string;
  active: Generated<number>;
  /** 'first': no later rule runs after this one matched; 'all': later rules run too. */
  match_mode: string;
  conditions: string;
  actions: string;
  created_at: number;
  updated_at: number;
}

/** A merchant's product preset by SKU (0100, modules/products). */
export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  sku: string;
  name: Generated<string>;
  weight: Generated<number>;
  length: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  mass_unit: Generated<string>;
  distance_unit: Generated<string>;
  /** JSON: customs fields kept for later (description, HS code, origin country, value in cents). */
  customs: Generated<string>;
  template_id: number | null;
  created_at: number;
  updated_at: number;
}

/** An insurance claim on an insured order (migration 0065, modules/claims); money in cents. */
export interface InsuranceClaimsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  type: string;
  status: string;
  /** `<order>:<type>` while the claim blocks another of its type, null once rejected. */
  open_key: string | null;
  amount: number;
  approved_amount: number | null;
  payout: number | null;
  postage_refund: number | null;
  description: string;
  reason: Generated<string>;
  work_order_id: number | null;
  decided_by: number | null;
  decided_at: number | null;
  paid_by: number | null;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The photos and invoices of a claim (attachments' rows). */
export interface InsuranceClaimFilesTable {
  claim_id: number;
  attachment_id: number;
}

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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** A carrier pickup booked for a channel's labels (migration 0115, modules/pickups); the fee in cents. */
export interface PickupsTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  /** YYYY-MM-DD */
  pickup_date: string;
  /** HH:MM, the carrier's local time at the pickup address. */
  window_start: string;
  window_end: string;
  location: string;
  instructions: string;
  package_count: number;
  weight_oz: number;
  /**
   * 'asking' (sent to the carrier, its answer not yet known: migration 0135) | 'scheduled' | 'cancelling' |
   * 'cancelled' | 'notBooked' (an ask the carrier, or staff, found it never booked)
   */
  status: string;
  confirmation_no: string | null;
  upstream_id: string | null;
  fee: number;
  created_by: number | null;
  created_at: number;
  cancelled_at: number | null;
  /** When the booking was sent while its answer is not known (null once it is). */
  asked_at: number | null;
  /** YYYY-MM-DD: the day whose labels the booking named (null before migration 0135). */
  label_date: string | null;
  /** Staff who settled a lost booking the carrier cannot be asked about (USPS), and when. */
  settled_by: number | null;
  settled_at: number | null;
}

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
