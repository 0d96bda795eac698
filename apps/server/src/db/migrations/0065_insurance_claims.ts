import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * Insurance claims (issue 28, modules/claims): a merchant's claim on an insured order with its files, staff's
 * decision and the one payout. `open_key` is `<order>:<type>` while the claim blocks another of its type
 * (every state but rejected), null after; a unique index on it keeps one such claim per order and type
 * whoever files at once (both databases allow many NULLs under a unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'insurance_claims')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text')
    // Cents: what the merchant claims (at most the insured value), what staff approved, what was credited.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('approved_amount', 'bigint')
    .addColumn('payout', 'bigint')
    .addColumn('postage_refund', 'bigint')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_order_id', 'bigint')
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('paid_by', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insurance_claims_open_idx').on('insurance_claims').column('open_key').unique().execute();
  await db.schema
    .createIndex('insurance_claims_user_idx')
    .on('insurance_claims')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('insurance_claims_order_idx').on('insurance_claims').column('order_id').execute();
  await db.schema
    .createIndex('insurance_claims_status_idx')
    .on('insurance_claims')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('insurance_claim_files')
    .addColumn('claim_id', 'bigint', (c) => c.notNull())
    .addColumn('attachment_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insurance_claim_files_pk', ['claim_id', 'attachment_id'])
    .execute();
  await db.schema
    .createIndex('insurance_claim_files_attachment_idx')
    .on('insurance_claim_files')
    .column('attachment_id')
    .execute();
}
