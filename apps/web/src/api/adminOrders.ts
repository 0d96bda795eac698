import { fileNameOf, saveBlob } from '../utils/files';
import type { BulkResult, OrderListFields } from './orders';
import { download, http } from './request';
import type { Money, Page } from './types';

/** An order as the staff lists show it (GET /api/admin/order/orders): the list columns and its owner. */
export interface AdminOrder extends OrderListFields {
  userId: number;
}

export interface OrderParty {
  personName: string;
  company?: string;
  phone?: string;
  email?: string;
  countryCode: string;
  stateCode: string;
  city: string;
  addressLine1: string;
  addressLine2?: string;
  zipCode: string;
}

export interface OrderParcel {
  id: number;
  seq: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: string;
  distanceUnit: string;
  insuredValue: Money;
  trackingNo: string | null;
  trackingStatus: number;
}

/** GET /api/admin/order/detail/{id}: the order with its parties, parcels and timeline. */
export interface AdminOrderDetail extends AdminOrder {
  from: OrderParty;
  to: OrderParty;
  residential: boolean;
  batteryType: string;
  parcels: OrderParcel[];
  timeline: { status: number; event: string; title: string; detail: string | null; time: string }[];
}

export interface AdminOrderFilter {
  status?: number;
  /** Bought labels no one has approved or rejected yet (order review). */
  pendingReview?: boolean;
  keyword?: string;
  userId?: number;
  channelId?: number;
  /** ISO dates (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
}

export function listAdminOrders(filter: AdminOrderFilter & { page: number; pageSize: number }) {
  return http.get<Page<AdminOrder>>('/admin/order/orders', { ...filter });
}

export function adminOrderDetail(id: number) {
  return http.get<AdminOrderDetail>(`/admin/order/detail/${id}`);
}

export function listUnRefunded(paging: { page: number; pageSize: number }) {
  return http.get<Page<AdminOrder>>('/admin/order/unRefunded', { ...paging });
}

/** Approve a cancellation (→ 15, refunded) or reject it with the reason the customer reads (→ 16). */
export function auditCancel(decision: { id: number; approve: true } | { id: number; approve: false; reason: string }) {
  return http.post<null>('/admin/order/orders/cancelAudit', decision);
}

/** Order review of a pending-transport order: approve, or reject with a reason shown as auditInfo. */
export function reviewOrder(decision: { id: number; approve: true } | { id: number; approve: false; reason: string }) {
  return http.post<null>('/admin/order/review', decision);
}

export interface BillInput {
  id: number;
  /** The carrier's real cost, a money string. */
  cost: string;
  billedOz?: number;
  wrongDimensions: boolean;
}

/** Settles an order with the carrier's bill; answers the price difference and the penalty charged. */
export function settleBill(input: BillInput) {
  return http.post<{ difference: Money; penalty: Money }>('/admin/order/billed', input);
}

export function releaseEarnest(ids: number[]) {
  return http.post<BulkResult[]>('/admin/order/order/releaseEarnest', { ids });
}

export function copyAdminOrder(id: number) {
  return http.post<{ orderId: number; orderNo: string }>('/admin/order/order/copy', { id });
}

/** Downloads an order's label (4x6 PDF) and hands it to the browser. */
export async function downloadAdminLabel(order: Pick<AdminOrder, 'id' | 'orderNo'>, nameBy: 'orderNo' | 'trackingNo') {
  const response = await download('/admin/order/label/down', { params: { id: order.id, nameBy } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), `${order.orderNo}.pdf`));
}
