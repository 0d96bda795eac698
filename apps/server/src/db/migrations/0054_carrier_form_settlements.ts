import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Staff settling a carrier's acceptance form (SCAN form) whose answer was lost at a carrier that cannot be
 * asked about it (USPS; modules/orders/carrier-form-settle.ts): the account's labels of one channel asked at
 * `asked_at`, and what staff made of them: `recorded` (the form they obtained from the carrier by other means,
 * its number, kept as a form in `carrier_manifests`) or `released` (no form: the labels may be asked for
 * again), with who settled it and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'carrier_form_settlements')
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channels.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('form_number', 'text')
    .addColumn('carrier_manifest_id', 'bigint', (c) => c.references('carrier_manifests.id'))
    /** JSON: the labels' tracking numbers. */
    .addColumn('tracking_numbers', 'text', (c) => c.notNull())
    .addColumn('settled_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('settled_at', 'bigint', (c) => c.notNull())
    .execute();
}
