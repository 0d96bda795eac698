import type { Kysely } from 'kysely';

/**
 * Repeated failed sign-ins per account (issue 10): kept in the database, so every instance counts the same
 * failures and refuses a locked account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    // The username as typed, trimmed and lower-cased (known or not: an unknown one is counted the same way).
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    // How many times the account was locked since its last successful sign-in: each lock is longer.
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
