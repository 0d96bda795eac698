import type { Kysely } from 'kysely';

/**
 * Address correction before the label (issue 30): each merchant's mode, 'confirm' (a corrected address is
 * shown beside the original to confirm before the label is bought), 'auto' (applied) or 'off'. An account
 * without a row has it off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('address_correction_modes')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
