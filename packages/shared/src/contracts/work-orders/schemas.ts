import { z } from 'zod';
import { WORK_ORDER_STATUS, WORK_ORDER_TYPES } from '../../work-orders.ts';
import { pageQuery, wholeNumber } from '../common.ts';

/**
 * Work orders come in two desks on the same service: the merchant's (`/app/workOrder`, appQuestionList, its
 * own tickets) and customer service's (`/admin/workOrder`, adminQuestionList, every merchant's).
 */
export const CUSTOMER_DESK = { tags: ['work orders'], access: { codes: ['appQuestionList'] }, scope: 'own' } as const;
export const SERVICE_DESK = {
  tags: ['work orders (staff)'],
  access: { codes: ['adminQuestionList'] },
  scope: 'ownCustomers',
} as const;

/** Subject and type are required. */
export const openInput = z.object({
  type: z.enum(WORK_ORDER_TYPES, 'fieldRequired'),
  subject: z.string().trim().min(1, 'fieldRequired').max(120),
  description: z.string().trim().max(5000).default(''),
  /** The waybill the question is about: one of the merchant's order or tracking numbers. */
  waybill: z.string().trim().max(60).optional(),
  attachmentId: z.number().int().positive().optional(),
});
export type OpenInput = z.infer<typeof openInput>;

export const replyInput = z.object({
  content: z.string().trim().min(1, 'fieldRequired').max(5000),
  attachmentId: z.number().int().positive().optional(),
});
export type ReplyInput = z.infer<typeof replyInput>;

export const workOrderListQuery = pageQuery.extend({
  status: wholeNumber(
    z.number().refine((status) => (Object.values(WORK_ORDER_STATUS) as number[]).includes(status)),
  ).optional(),
  type: z.enum(WORK_ORDER_TYPES).optional(),
  /** Ticket number, subject, merchant account, or an order or tracking number. */
  keyword: z.string().trim().max(100).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export const workOrderView = z.object({
  id: z.number(),
  ticketNo: z.string(),
  type: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.number().describe('0 being processed, 1 closed, 2 cancelled'),
  user: z.object({ id: z.number(), username: z.string(), name: z.string() }),
  waybill: z
    .object({ orderId: z.number(), orderNo: z.string(), trackingNo: z.string().nullable(), status: z.number() })
    .nullable()
    .describe('the order the question is about, with its current status'),
  attachmentUrl: z.string().nullable(),
  lastReply: z.string(),
  lastReplySide: z.enum(['customer', 'service']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const workOrderDetailView = workOrderView.extend({
  replies: z.array(
    z.object({
      id: z.number(),
      side: z.enum(['customer', 'service']),
      author: z.string().describe("the merchant's name; '' for customer service"),
      content: z.string(),
      attachmentUrl: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export type WorkOrderView = z.output<typeof workOrderView>;
export type WorkOrderDetailView = z.output<typeof workOrderDetailView>;
/** What a caller sends to open a work order or reply to one. */
export type NewWorkOrderInput = z.input<typeof openInput>;
export type WorkOrderReplyInput = z.input<typeof replyInput>;
