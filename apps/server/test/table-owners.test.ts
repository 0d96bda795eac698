/**
 * Issue 27: every table has one owner, the room whose code alone writes it (docs/architecture.md "Who owns each
 * table"). Read from the code: Kysely's `insertInto`, `updateTable`, `deleteFrom` and `mergeInto`, and raw
 * `insert into` / `update` / `delete from` in sql`` templates, over apps/server/src (migrations aside: they make
 * the tables). Another module reads a table in a query of its own or asks the owner; it never writes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Each table's owner: a module (`modules/<name>`) or a room of the platform. */
const OWNERS: Record<string, string> = {
  address_book: 'modules/address-book',
  package_templates: 'modules/address-book',
  address_correction_modes: 'modules/addresses',
  api_logs: 'modules/api-log',
  attachments: 'modules/attachments',
  file_blobs: 'modules/attachments',
  roles: 'modules/access',
  resources: 'modules/access',
  role_resources: 'modules/access',
  login_throttles: 'modules/auth',
  server_secrets: 'modules/auth',
  sessions: 'modules/auth',
  carrier_bills: 'modules/bills',
  carrier_bill_lines: 'modules/bills',
  carrier_bill_mappings: 'modules/bills',
  carrier_bill_reports: 'modules/bills',
  brands: 'modules/branding',
  channels: 'modules/channels',
  carrier_services: 'modules/channels',
  channel_gates: 'modules/channels',
  channel_slots: 'modules/channels',
  rate_tables: 'modules/channels',
  user_channels: 'modules/channels',
  zone_charts: 'modules/channels',
  insurance_claims: 'modules/claims',
  insurance_claim_files: 'modules/claims',
  configs: 'modules/config',
  config_changes: 'modules/config',
  wallets: 'modules/funds',
  balance_logs: 'modules/funds',
  recharges: 'modules/funds',
  help_articles: 'modules/help',
  pickups: 'modules/pickups',
  products: 'modules/products',
  order_rules: 'modules/rules',
  saved_views: 'modules/saved-views',
  tags: 'modules/tags',
  team_members: 'modules/team',
  order_tags: 'modules/tags',
  mail_outbox: 'modules/mail',
  user_messages: 'modules/messages',
  notice_settings: 'modules/notices',
  recipient_notices: 'modules/notices',
  orders: 'modules/orders',
  parcels: 'modules/orders',
  order_events: 'modules/orders',
  carrier_manifests: 'modules/orders',
  carrier_form_settlements: 'modules/orders',
  tracking_pages: 'modules/orders',
  table_settings: 'modules/preferences',
  price_rules: 'modules/pricing',
  user_price_rules: 'modules/pricing',
  returns: 'modules/returns',
  contact_requests: 'modules/site',
  stores: 'modules/stores',
  store_orders: 'modules/stores',
  sys_messages: 'modules/sys-messages',
  sys_message_reads: 'modules/sys-messages',
  sys_message_recipients: 'modules/sys-messages',
  tracking_events: 'modules/tracking',
  tracking_subscriptions: 'modules/tracking',
  provider_paces: 'modules/tracking',
  carrier_pushes: 'modules/tracking',
  unused_label_notices: 'modules/unused-labels',
  unused_label_settings: 'modules/unused-labels',
  users: 'modules/users',
  user_roles: 'modules/users',
  password_resets: 'modules/users',
  verification_codes: 'modules/users',
  tracking_webhook_keys: 'modules/webhooks',
  webhook_endpoints: 'modules/webhooks',
  webhook_events: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  webhook_attempts: 'modules/webhooks',
  work_orders: 'modules/work-orders',
  work_order_replies: 'modules/work-orders',
  jobs: 'jobs',
  job_items: 'jobs',
  sequences: 'db',
  user_logs: 'http',
  api_key_calls: 'hooks',
  idempotency_keys: 'hooks',
};

/**
 * Writes by a room that does not own the table, each with why it is there: by design, not a step left.
 */
const OTHER_WRITERS = [
  // A parcel's tracking columns (its state and when it last changed) are written by tracking, which owns them.
  'modules/tracking/repo.ts writes parcels',
];

/** A Kysely query or a raw SQL template. */
const SQL = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(|\bsql`/;
const isRepo = (file: string) => /(?:^|\/|-)repo\.ts$/.test(file);

/** Money tables keep their single writer: the ledger (docs/architecture.md "Money moves in one place"). */
const MONEY_TABLES = ['wallets', 'balance_logs'];
const LEDGER = 'modules/funds/ledger-repo.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const BUILDER_WRITE = /\.(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*'([a-z_]+)'/g;
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi;

/** Every write in the code: which file writes which table. */
function writes(): { file: string; table: string }[] {
  return sourceFiles(SRC).flatMap((full) => {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    const raw = [...text.matchAll(/sql`([^`]*)`/g)].flatMap((template) =>
      [...(template[1] as string).matchAll(RAW_WRITE)].map((match) => (match[1] as string).toLowerCase()),
    );
    const built = [...text.matchAll(BUILDER_WRITE)].map((match) => match[1] as string);
    return [...new Set([...built, ...raw])]
      .filter((table) => table in OWNERS || built.includes(table))
      .map((table) => ({ file, table }));
  });
}

const roomOf = (file: string) => {
  const [top, name] = file.split('/');
  return top === 'modules' ? `modules/${name}` : (top as string).replace(/\.ts$/, '');
};

describe('table owners', () => {
  const found = writes();

  test('every table written has an owner', () => {
    expect([...new Set(found.map((write) => write.table))].filter((table) => !(table in OWNERS))).toEqual([]);
  });

  test('no room writes a table it does not own, beyond the writers listed with their reason', () => {
    const others = found
      .filter(({ file, table }) => roomOf(file) !== OWNERS[table])
      .map(({ file, table }) => `${file} writes ${table}`);
    expect([...new Set(others)].sort()).toEqual([...OTHER_WRITERS].sort());
  });

  test('SQL lives in repos and the database layer alone', () => {
    // Files named as repos, `repo.ts` or `<what it reads>-repo.ts`, so a query is found and reviewed in one
    // kind of place (and snapshotted: test/sql-snapshots.test.ts); the database layer (db/) is SQL by nature.
    const outside = sourceFiles(SRC)
      .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('db/') && !isRepo(file))
      .filter((file) => SQL.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  test('the wallets and the ledger are written by the ledger alone', () => {
    const moneyWriters = found.filter((write) => MONEY_TABLES.includes(write.table)).map((write) => write.file);
    expect([...new Set(moneyWriters)]).toEqual([LEDGER]);
  });
});
