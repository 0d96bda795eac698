import type { WorkOrderSide, WorkOrderType } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/work-orders/index';
import { call } from './call';
import type { Page } from './types';

/**
 * Work orders on two desks: `customer` is the merchant (its own tickets, appQuestionList), `service` is
 * customer service (every merchant's, adminQuestionList). The shapes are the contracts'
 * (packages/shared/src/contracts/work-orders).
 */
type View = contracts.WorkOrderView;
type DetailView = contracts.WorkOrderDetailView;

/** The order a work order is about, with its current status. */
export type WorkOrderWaybill = NonNullable<View['waybill']>;

/** A work order as listed; its type is one of WORK_ORDER_TYPES. */
export type WorkOrder = Omit<View, 'type'> & { type: WorkOrderType };

export type WorkOrderReply = DetailView['replies'][number];

export type WorkOrderDetail = WorkOrder & { replies: WorkOrderReply[] };

export interface WorkOrderFilter {
  status?: number;
  type?: WorkOrderType;
  /** Ticket number, subject, an exact order or tracking number; for customer service also the merchant's account. */
  keyword?: string;
}

export type ReplyInput = contracts.WorkOrderReplyInput;

export type WorkOrderDesk = WorkOrderSide;
export type WorkOrderAction = 'close' | 'reopen' | 'cancel';

export const WORK_ORDERS_KEY = 'workOrders';

const DESKS = {
  customer: {
    list: contracts.listMyWorkOrders,
    get: contracts.getMyWorkOrder,
    reply: contracts.replyToMyWorkOrder,
    close: contracts.closeMyWorkOrder,
    reopen: contracts.reopenMyWorkOrder,
    cancel: contracts.cancelMyWorkOrder,
  },
  service: {
    list: contracts.listServiceWorkOrders,
    get: contracts.getServiceWorkOrder,
    reply: contracts.replyToServiceWorkOrder,
    close: contracts.closeServiceWorkOrder,
    reopen: contracts.reopenServiceWorkOrder,
  },
} as const;

type ActionContract =
  | (typeof DESKS)['customer'][WorkOrderAction]
  | (typeof DESKS)['service'][Exclude<WorkOrderAction, 'cancel'>];

export function listWorkOrders(
  desk: WorkOrderDesk,
  filter: WorkOrderFilter,
  paging: { page: number; pageSize: number },
): Promise<Page<WorkOrder>> {
  return call(DESKS[desk].list, { query: { ...paging, ...filter } }) as Promise<Page<WorkOrder>>;
}

export function workOrderDetail(desk: WorkOrderDesk, id: number): Promise<WorkOrderDetail> {
  return call(DESKS[desk].get, { params: { id } }) as Promise<WorkOrderDetail>;
}

export function replyToWorkOrder(desk: WorkOrderDesk, id: number, input: ReplyInput): Promise<WorkOrderDetail> {
  return call(DESKS[desk].reply, { params: { id }, body: input }) as Promise<WorkOrderDetail>;
}

/** close and reopen on both desks; cancel is the merchant's only. */
export function changeWorkOrder(desk: WorkOrderDesk, id: number, action: WorkOrderAction): Promise<WorkOrderDetail> {
  const actions: Partial<Record<WorkOrderAction, ActionContract>> = DESKS[desk];
  const contract = actions[action];
  if (!contract) throw new Error(`customer service cannot ${action} a work order`);
  return call(contract, { params: { id } }) as Promise<WorkOrderDetail>;
}
