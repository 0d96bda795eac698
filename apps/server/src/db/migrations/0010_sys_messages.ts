import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // System messages (docs/spec.md §2 msgConfig and /sys/center): written once by staff, read by everyone they are
  // for. Each reader pulls them (no copy per user, so a message to every merchant is one row), and a
  // reading is one row of sys_message_reads.
  await createTableWithId(db, 'sys_messages')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // 'all', 'customers', 'staff', or 'users' (those of sys_message_recipients).
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_message_recipients')
    .addColumn('sys_message_id', 'bigint', (c) => c.notNull().references('sys_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('sys_message_recipients_pk', ['user_id', 'sys_message_id'])
    .execute();

  await db.schema
    .createTable('sys_message_reads')
    .addColumn('sys_message_id', 'bigint', (c) => c.notNull().references('sys_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_message_reads_pk', ['user_id', 'sys_message_id'])
    .execute();
}
