import { type Locale, WORK_ORDER_STATUS, type WorkOrderSide } from '@parcelport/shared';
import type {
  WorkOrderListQuery as ListQuery,
  OpenInput,
  ReplyInput,
} from '@parcelport/shared/contracts/work-orders/schemas';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { nextSequence } from '../../db/sequences.ts';
import { findAttachment } from '../attachments/index.ts';
import { notifyUser } from '../messages/index.ts';
import { ownOrderByNumber } from '../orders/index.ts';
import { addReply, insertWorkOrder, listed, moveWorkOrder, repliesOf, selectView, type ViewRow } from './repo.ts';

const W = WORK_ORDER_STATUS;

/** Whose work orders a caller sees: a merchant its own, customer service everyone's. */
/** Which side works on the tickets (a merchant on their own, customer service on their customers'), and whose. */
export type WorkOrderScope = { side: 'customer' | 'service'; accounts: Scope };

const attachmentUrl = (id: number | null) => (id === null ? null : `/api/app/attachment/${id}`);

/** Ticket numbers: WO + yymmdd + a 5-digit platform-wide sequence. */
export async function newTicketNo(db: Db): Promise<string> {
  const serial = await nextSequence(db, 'work_order_no');
  const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
  return `WO${day}${String(serial).padStart(5, '0')}`;
}

/** The caller's own attachment, or a 400 on `field` (a file must be uploaded by whoever attaches it). */
async function ownAttachment(db: Db, userId: number, id: number | undefined, field: string) {
  if (id === undefined) return null;
  const found = await findAttachment(db, id);
  if (found?.user_id !== userId) throw invalidFields({ [field]: 'attachmentNotFound' });
  return found.id;
}

export async function openWorkOrder(db: Db, auth: Auth, input: OpenInput) {
  let orderId: number | null = null;
  if (input.waybill) {
    const order = await ownOrderByNumber(db, auth.userId, input.waybill);
    if (!order) throw invalidFields({ waybill: 'orderNotFound' });
    orderId = order.id;
  }
  const attachmentId = await ownAttachment(db, auth.userId, input.attachmentId, 'attachmentId');
  return db.transaction().execute(async (trx) => {
    const ticketNo = await newTicketNo(trx);
    const { id } = await insertWorkOrder(trx, {
      ticketNo,
      userId: auth.userId,
      type: input.type,
      subject: input.subject,
      description: input.description,
      orderId,
      attachmentId,
    });
    return { id, ticketNo };
  });
}

function viewOf(row: ViewRow) {
  return {
    id: row.id,
    ticketNo: row.ticket_no,
    type: row.type,
    subject: row.subject,
    description: row.description,
    status: row.status,
    user: { id: row.user_id, username: row.username, name: row.user_name },
    waybill:
      row.order_id === null
        ? null
        : {
            orderId: row.order_id,
            orderNo: row.order_no as string,
            trackingNo: row.tracking_no,
            status: row.order_status as number,
          },
    attachmentUrl: attachmentUrl(row.attachment_id),
    lastReply: row.last_reply,
    lastReplySide: row.last_reply_side as WorkOrderSide | null,
    createdAt: isoTime(row.created_at) as string,
    updatedAt: isoTime(row.updated_at) as string,
  };
}

export async function listWorkOrders(db: Db, scope: WorkOrderScope, query: ListQuery) {
  const like = query.keyword ? `%${query.keyword.toLowerCase()}%` : null;
  const matching = listed(db, scope.accounts)
    .$if(query.status !== undefined, (qb) => qb.where('work_orders.status', '=', query.status as number))
    .$if(query.type !== undefined, (qb) => qb.where('work_orders.type', '=', query.type as string))
    .$if(like !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['work_orders.ticket_no']), 'like', like as string),
          eb(eb.fn('lower', ['work_orders.subject']), 'like', like as string),
          eb(eb.fn('lower', ['users.username']), 'like', like as string),
          eb('orders.order_no', '=', query.keyword as string),
          eb('orders.tracking_no', '=', query.keyword as string),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    selectView(matching)
      .orderBy('work_orders.updated_at', 'desc')
      .orderBy('work_orders.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(viewOf), total: Number(count.total), page: query.page, pageSize: query.pageSize };
}

async function findWorkOrder(db: Db, scope: WorkOrderScope, id: number) {
  const row = await selectView(listed(db, scope.accounts)).where('work_orders.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function workOrderDetail(db: Db, scope: WorkOrderScope, id: number) {
  const view = viewOf(await findWorkOrder(db, scope, id));
  const replies = await repliesOf(db, id);
  return {
    ...view,
    replies: replies.map((reply) => ({
      id: reply.id,
      side: reply.side as WorkOrderSide,
      // Customer service answers under the desk's name, not the employee's.
      author: reply.side === 'service' ? '' : reply.name || reply.username,
      content: reply.content,
      attachmentUrl: attachmentUrl(reply.attachment_id),
      createdAt: isoTime(reply.created_at) as string,
    })),
  };
}

/**
 * Adds a reply to a work order being processed. A reply from customer service tells the merchant in the
 * message box.
 */
export async function replyToWorkOrder(
  db: Db,
  auth: Auth,
  scope: WorkOrderScope,
  id: number,
  input: ReplyInput,
  _locale: Locale,
) {
  const ticket = await findWorkOrder(db, scope, id);
  const author = auth.actorId ?? auth.userId;
  // Files are uploaded as the caller's user (the merchant, when staff act as one).
  const attachmentId = await ownAttachment(db, auth.userId, input.attachmentId, 'attachmentId');
  await db.transaction().execute(async (trx) => {
    const reply = { workOrderId: id, authorId: author, side: scope.side, content: input.content, attachmentId };
    if (!(await addReply(trx, reply, W.processing))) throw new AppError(422, 'workOrderNotOpen');
    if (scope.side === 'service') {
      await notifyUser(trx, ticket.user_id, {
        type: 'message',
        title: 'msgWorkOrderReplyTitle',
        content: 'msgWorkOrderReplyBody',
        params: { ticketNo: ticket.ticket_no, subject: ticket.subject },
      });
    }
  });
  return workOrderDetail(db, scope, id);
}

/** What each action does: the states it leaves and the state it reaches; cancelling is the merchant's. */
const ACTIONS = {
  close: { from: [W.processing], to: W.closed, sides: ['customer', 'service'] },
  reopen: { from: [W.closed], to: W.processing, sides: ['customer', 'service'] },
  cancel: { from: [W.processing], to: W.cancelled, sides: ['customer'] },
} as const;
export type WorkOrderAction = keyof typeof ACTIONS;

/** The actions one side may take. */
export function actionsOf(side: WorkOrderScope['side']): WorkOrderAction[] {
  return (Object.keys(ACTIONS) as WorkOrderAction[]).filter((action) =>
    (ACTIONS[action].sides as readonly string[]).includes(side),
  );
}

export async function changeWorkOrder(db: Db, scope: WorkOrderScope, id: number, action: WorkOrderAction) {
  await findWorkOrder(db, scope, id);
  const { from, to } = ACTIONS[action];
  if (!actionsOf(scope.side).includes(action)) throw new AppError(403, 'forbidden');
  if (!(await moveWorkOrder(db, id, from, to))) throw new AppError(422, 'workOrderStateInvalid');
  return workOrderDetail(db, scope, id);
}
