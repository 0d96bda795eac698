import type { WorkOrderSide, WorkOrderType } from '@parcelport/shared';
import { http } from './request';
import type { Page } from './types';

/** The order a work order is about, with its current status (SPEC §4 order codes). */
export interface WorkOrderWaybill {
  orderId: number;
  orderNo: string;
  trackingNo: string | null;
  status: number;
}

/** A work order as listed (SPEC §3 Work order). */
export interface WorkOrder {
  id: number;
  ticketNo: string;
  type: WorkOrderType;
  subject: string;
  description: string;
  /** 0 being processed, 1 closed, 2 cancelled (WORK_ORDER_STATUS). */
  status: number;
  user: { id: number; username: string; name: string };
  waybill: WorkOrderWaybill | null;
  attachmentUrl: string | null;
  lastReply: string;
  lastReplySide: WorkOrderSide | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkOrderReply {
  id: number;
  side: WorkOrderSide;
  /** The merchant's name; '' for customer service. */
  author: string;
  content: string;
  attachmentUrl: string | null;
  createdAt: string;
}

export type WorkOrderDetail = WorkOrder & { replies: WorkOrderReply[] };

export interface WorkOrderFilter {
  status?: number;
  type?: WorkOrderType;
  /** Ticket number, subject, an exact order or tracking number; for customer service also the merchant's account. */
  keyword?: string;
}

export interface NewWorkOrder {
  type: WorkOrderType;
  subject: string;
  description?: string;
  /** One of the merchant's order or tracking numbers. */
  waybill?: string;
  attachmentId?: number;
}

export interface ReplyInput {
  content: string;
  attachmentId?: number;
}

/**
 * Who is working the tickets: `customer` is the merchant (its own tickets, /api/app/workOrder,
 * appQuestionList), `service` is customer service (every merchant's, /api/admin/workOrder, adminQuestionList).
 */
export type WorkOrderDesk = WorkOrderSide;
export type WorkOrderAction = 'close' | 'reopen' | 'cancel';

export const WORK_ORDERS_KEY = 'workOrders';

const base = (desk: WorkOrderDesk) => (desk === 'customer' ? '/app/workOrder' : '/admin/workOrder');

export function listWorkOrders(
  desk: WorkOrderDesk,
  filter: WorkOrderFilter,
  paging: { page: number; pageSize: number },
) {
  return http.get<Page<WorkOrder>>(`${base(desk)}/list`, { ...paging, ...filter });
}

export function workOrderDetail(desk: WorkOrderDesk, id: number) {
  return http.get<WorkOrderDetail>(`${base(desk)}/${id}`);
}

export function replyToWorkOrder(desk: WorkOrderDesk, id: number, input: ReplyInput) {
  return http.post<WorkOrderDetail>(`${base(desk)}/${id}/reply`, input);
}

/** close and reopen on both desks; cancel is the merchant's only. */
export function changeWorkOrder(desk: WorkOrderDesk, id: number, action: WorkOrderAction) {
  return http.post<WorkOrderDetail>(`${base(desk)}/${id}/${action}`);
}

/** The merchant opens a work order: type and subject are required (SPEC §5). */
export function openWorkOrder(input: NewWorkOrder) {
  return http.post<{ id: number; ticketNo: string }>('/app/workOrder', input);
}
