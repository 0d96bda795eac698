import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

/** Work orders and their replies (`work_orders`, `work_order_replies`). */

export function insertWorkOrder(
  db: Db,
  ticket: {
    ticketNo: string;
    userId: number;
    type: string;
    subject: string;
    description: string;
    orderId: number | null;
    attachmentId: number | null;
  },
): Promise<{ id: number }> {
  const now = Date.now();
  return db
    .insertInto('work_orders')
    .values({
      ticket_no: ticket.ticketNo,
      user_id: ticket.userId,
      type: ticket.type,
      subject: ticket.subject,
      description: ticket.description,
      order_id: ticket.orderId,
      attachment_id: ticket.attachmentId,
      last_reply_side: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The work orders of the accounts in scope, with their owners and waybills joined. */
export function listed(db: Db, accounts: Scope) {
  return db
    .selectFrom('work_orders')
    .innerJoin('users', 'users.id', 'work_orders.user_id')
    .leftJoin('orders', 'orders.id', 'work_orders.order_id')
    .$call((qb) => whereAccountInScope(qb, 'work_orders.user_id', accounts));
}

export function selectView(query: ReturnType<typeof listed>) {
  return query.select([
    'work_orders.id',
    'work_orders.ticket_no',
    'work_orders.type',
    'work_orders.subject',
    'work_orders.description',
    'work_orders.status',
    'work_orders.attachment_id',
    'work_orders.last_reply',
    'work_orders.last_reply_side',
    'work_orders.created_at',
    'work_orders.updated_at',
    'work_orders.user_id',
    'users.username',
    'users.name as user_name',
    'orders.id as order_id',
    'orders.order_no',
    'orders.tracking_no',
    'orders.status as order_status',
  ]);
}

export type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['executeTakeFirstOrThrow']>>;

/** A work order's replies, oldest first, with their authors. */
export function repliesOf(db: Db, workOrderId: number) {
  return db
    .selectFrom('work_order_replies')
    .innerJoin('users', 'users.id', 'work_order_replies.author_id')
    .select([
      'work_order_replies.id',
      'work_order_replies.side',
      'work_order_replies.content',
      'work_order_replies.attachment_id',
      'work_order_replies.created_at',
      'users.name',
      'users.username',
    ])
    .where('work_order_replies.work_order_id', '=', workOrderId)
    .orderBy('work_order_replies.id')
    .execute();
}

/**
 * Adds a reply to a work order still being processed, as its latest; false (nothing written) when it is
 * no longer being processed. In the caller's transaction.
 */
export async function addReply(
  db: Db,
  reply: { workOrderId: number; authorId: number; side: string; content: string; attachmentId: number | null },
  processing: number,
): Promise<boolean> {
  const now = Date.now();
  const moved = await db
    .updateTable('work_orders')
    .set({ last_reply: reply.content.slice(0, 200), last_reply_side: reply.side, updated_at: now })
    .where('id', '=', reply.workOrderId)
    .where('status', '=', processing)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  await db
    .insertInto('work_order_replies')
    .values({
      work_order_id: reply.workOrderId,
      author_id: reply.authorId,
      side: reply.side,
      content: reply.content,
      attachment_id: reply.attachmentId,
      created_at: now,
    })
    .execute();
  return true;
}

/** Moves a work order from one of `from` to `to`; false when it was in another state. */
export async function moveWorkOrder(db: Db, id: number, from: readonly number[], to: number): Promise<boolean> {
  const moved = await db
    .updateTable('work_orders')
    .set({ status: to, updated_at: Date.now() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Whether a file is attached to one of the user's work orders or to a reply on one (so the merchant may open it). */
export async function attachmentOnOwnWorkOrder(db: Db, attachmentId: number, userId: number): Promise<boolean> {
  const found = await db
    .selectFrom('work_orders')
    .leftJoin('work_order_replies', 'work_order_replies.work_order_id', 'work_orders.id')
    .select('work_orders.id')
    .where('work_orders.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('work_orders.attachment_id', '=', attachmentId),
        eb('work_order_replies.attachment_id', '=', attachmentId),
      ]),
    )
    .executeTakeFirst();
  return found !== undefined;
}
