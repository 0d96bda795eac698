import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Work orders (docs/spec.md §3): a merchant's question to customer service and the replies of both sides.
  await createTableWithId(db, 'work_orders')
    .addColumn('ticket_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // The waybill the question is about, if any: its order number or tracking number as given.
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('attachment_id', 'bigint', (c) => c.references('attachments.id'))
    // 0 being processed, 1 closed, 2 cancelled.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_reply_side', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('work_orders_user_idx').on('work_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('work_orders_status_idx').on('work_orders').columns(['status', 'id']).execute();

  await createTableWithId(db, 'work_order_replies')
    .addColumn('work_order_id', 'bigint', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('author_id', 'bigint', (c) => c.notNull().references('users.id'))
    // 'customer' or 'service' (customer service), whoever the author is.
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('attachment_id', 'bigint', (c) => c.references('attachments.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('work_order_replies_order_idx')
    .on('work_order_replies')
    .columns(['work_order_id', 'id'])
    .execute();
}
