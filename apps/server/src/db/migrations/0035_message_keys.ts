import type { Kysely } from 'kysely';

/**
 * A message in a user's box is kept as its catalogue keys and their values (issue 14), so each reader sees
 * it in their own language, whoever caused it; `title` and `content` keep its text in the platform's
 * language, which rows written before (no keys) are shown in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_messages').addColumn('title_key', 'text').execute();
  await db.schema.alterTable('user_messages').addColumn('content_key', 'text').execute();
  await db.schema
    .alterTable('user_messages')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
