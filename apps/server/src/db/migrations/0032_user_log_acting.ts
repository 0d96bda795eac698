import type { Kysely } from 'kysely';

/**
 * The user log marks the calls a staff member made while acting as the account (issue 13): the actor and
 * the subject differ for any staff action on an account, so only this says the staff member was signed in
 * as the customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_logs')
    .addColumn('acting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
