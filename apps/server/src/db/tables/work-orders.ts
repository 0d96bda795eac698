import type { Generated } from 'kysely';

export interface WorkOrdersTable {
  id: Generated<number>;
  ticket_no: string;
  user_id: number;
  type: string;
  subject: string;
  description: Generated<string>;
  order_id: number | null;
  attachment_id: number | null;
  /** 0 being processed, 1 closed, 2 cancelled. */
  status: Generated<number>;
  last_reply: Generated<string>;
  /** 'customer' or 'service'; null before the first reply. */
  last_reply_side: string | null;
  created_at: number;
  updated_at: number;
}

export interface WorkOrderRepliesTable {
  id: Generated<number>;
  work_order_id: number;
  author_id: number;
  side: string;
  content: string;
  attachment_id: number | null;
  created_at: number;
}

/** The tables modules/work-orders writes, by name (test/table-owners.test.ts). */
export interface WorkOrdersTables {
  work_orders: WorkOrdersTable;
  work_order_replies: WorkOrderRepliesTable;
}
