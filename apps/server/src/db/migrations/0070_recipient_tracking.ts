import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * What the recipient of a parcel sees (issue 28): a public tracking page per label, the brand it is shown
 * under (a merchant's, a seller's or a proxy's), and the mails a merchant's recipients are sent.
 *
 * - `tracking_pages`: one per bought order; `public_id` is 128 random bits (base64url), never the tracking
 *   number, so a page cannot be guessed from anything printed on the parcel. Labels bought before this
 *   migration get theirs here.
 * - `brands`: an account's name, logo (an attachment of its own), colour and support contact, and the
 *   language its recipients are written to.
 * - `notice_settings`: per account and event, whether the recipient is mailed and the templates in both
 *   languages (empty: the built-in text).
 * - `recipient_notices`: each mail sent, unique per order and event, so a notice is never sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_pages')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_attachment_id', 'bigint')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('support_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('support_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('support_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice_locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notice_settings')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subject_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_settings_pk', ['user_id', 'event'])
    .execute();

  await createTableWithId(db, 'recipient_notices')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('recipient_notices_once', ['order_id', 'event'])
    .execute();

  await backfillTrackingPages(db);
}

/**
 * Every label bought so far gets its page (one that has one keeps it), 500 orders a statement. Exported for
 * test/recipient-tracking.test.ts.
 */
export async function backfillTrackingPages(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{
    orders: { id: number; label_created_at: number | null };
    tracking_pages: { order_id: number; public_id: string; created_at: number };
  }>;
  const now = Date.now();
  let after = 0;
  for (;;) {
    const rows = await typed
      .selectFrom('orders')
      .select('id')
      .where('label_created_at', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    await typed
      .insertInto('tracking_pages')
      .values(rows.map((row) => ({ order_id: row.id, public_id: newPublicId(), created_at: now })))
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
    after = (rows.at(-1) as { id: number }).id;
  }
}

/** 128 random bits; the same rule as tracking/pages-repo.ts (a migration keeps its own copy, frozen). */
function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}
