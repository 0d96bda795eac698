import { LABEL_CREATE_DURATION_MS } from '@parcelport/shared';
import * as channels from '@parcelport/shared/contracts/channels/index';
import { fileNameOf, saveBlob } from '../utils/files';
import { call } from './call';
import { download, http } from './request';
import type { Money, Page } from './types';

/** An order party (SPEC §3 Address). */
export interface AddressValue {
  personName: string;
  company: string;
  phone: string;
  email: string;
  countryCode: string;
  stateCode: string;
  city: string;
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  isResidential: boolean;
}

/** A parcel of the create payload (SPEC §3 Parcel); insuredValue is the declared value, a money string. */
export interface ParcelValue {
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: 'lb' | 'oz' | 'kg' | 'g';
  distanceUnit: 'in' | 'cm';
  packageCode: string;
  packageNum: number;
  packageAmount: number;
  insuredValue: string;
  reference: string;
  reference2: string;
}

/** The order extra options the platform acts on (SPEC §3); others pass through. */
export interface OrderExtra {
  signatureOption: 'none' | 'signature' | 'adultSignature';
  nonDeliveryOption?: string;
  contentsType?: string;
  description?: string;
  [key: string]: unknown;
}

/** SPEC §3 order-create payload, as POST /api/app/order/draft and estimateRateMix take it. */
export interface OrderPayload {
  orderId: number | null;
  from: AddressValue;
  to: AddressValue;
  parcels: ParcelValue[];
  batteryType: string;
  residential: boolean;
  reference1: string;
  reference2: string;
  remark: string;
  labelSize: string;
  /** YYYY-MM-DD; omitted when empty. */
  shipDate?: string;
  extra: OrderExtra;
  isTest: boolean;
}

/** One service's answer of POST /api/app/order/estimateRateMix. */
export interface QuoteLine {
  channelId: number;
  channelName: string;
  serviceId: number;
  serviceCode: string;
  serviceName: string;
  carrierCode: string;
  available: boolean;
  reason: string | null;
  zone: number | null;
  zoneSource: 'chart' | 'distance' | null;
  billableWeightOz: number[];
  price: Money;
  insurance: Money;
  total: Money;
  breakdown: { base: Money; fuel: Money; residential: Money; oversize: Money; remote: Money };
  deliveryDays: number | null;
  cheapest: boolean;
  fastest: boolean;
}

/**
 * The columns every order list shows: the user's (GET /api/app/order/orders) and the staff's
 * (GET /api/admin/order/orders, see AdminOrder). SPEC §3 field names.
 */
export interface OrderListFields {
  id: number;
  orderId: number;
  orderNo: string;
  tackNo: string | null;
  batchNo: string | null;
  status: number;
  channelId: number | null;
  serviceId: number | null;
  serviceName: string | null;
  carrierCode: string | null;
  serviceCode: string | null;
  rate: Money | null;
  insuranceFee: Money;
  insurance: Money;
  earnest: Money;
  zone: number | null;
  toPersonName: string;
  toZipCode: string;
  toAddress: string;
  fromPersonName: string;
  fromZipCode: string;
  fromAddress: string;
  reference1: string;
  reference2: string;
  remark: string;
  auditInfo: string;
  failReason: string;
  isTest: boolean;
  labelSize: string;
  createdAt: string;
  createdTime: string | null;
  shipDate: string | null;
  billedCost: Money | null;
  billedAt: string | null;
  earnestReleasedAt: string | null;
}

/** An order as GET /api/app/order/orders lists it. */
export interface OrderListItem extends OrderListFields {
  /** The last batch address check: 0 not checked, 1 valid, 2 corrections suggested, 3 invalid; with its note. */
  addressStatus: number;
  addressNote: string;
}

export interface ParcelView {
  id: number;
  seq: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: ParcelValue['massUnit'];
  distanceUnit: ParcelValue['distanceUnit'];
  packageCode: string;
  packageNum: number;
  packageAmount: number;
  insuredValue: Money;
  reference: string;
  reference2: string;
  trackingNo: string | null;
  trackingStatus: number;
}

export interface TimelineEntry {
  status: number;
  event: string;
  title: string;
  detail: string | null;
  time: string;
}

/** GET /api/app/order/detail/{id} */
export interface OrderDetail extends OrderListItem {
  from: AddressValue;
  to: AddressValue;
  residential: boolean;
  batteryType: string;
  extra: OrderExtra;
  parcels: ParcelView[];
  baseInfo: Record<string, unknown> | null;
  timeline: TimelineEntry[];
}

export interface OrderFilter {
  status?: number;
  keyword?: string;
  channelId?: number;
  batchNo?: string;
  /** YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
}

export interface BulkResult {
  id: number;
  ok: boolean;
  message?: string;
}

export type { MyService } from '@parcelport/shared/contracts/channels/schemas';

export type LabelNameBy = 'orderNo' | 'trackingNo';

export function saveDraft(payload: OrderPayload) {
  return http.post<{ orderId: number; orderNo: string }>('/app/order/draft', payload);
}

/** Rates of a saved order (or of an unsaved payload) from every service allotted to me. */
export function estimateRates(body: { orderId: number } | OrderPayload) {
  return http.post<QuoteLine[]>('/app/order/estimateRateMix', body);
}

/**
 * Buys the label (SPEC §7: header duration 5000). The Idempotency-Key makes the server answer a retry as it
 * answered the first call, so transport failures are retried with the same key and never charge twice.
 */
export function createLabel(body: { orderId: number; serviceId: number }, idempotencyKey: string) {
  return http.post<OrderListItem>('/app/order/label/create', body, {
    duration: LABEL_CREATE_DURATION_MS,
    isRetry: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function listOrders(filter: OrderFilter & { page: number; pageSize: number }) {
  return http.get<Page<OrderListItem>>('/app/order/orders', { ...filter });
}

export function orderDetail(id: number) {
  return http.get<OrderDetail>(`/app/order/detail/${id}`);
}

export function cancelOrders(ids: number[]) {
  return http.post<BulkResult[]>('/app/order/cancel', { ids });
}

export function restoreOrders(ids: number[]) {
  return http.post<BulkResult[]>('/app/order/cancelRestore', { ids });
}

export function backToDraft(ids: number[]) {
  return http.post<BulkResult[]>('/app/order/backToDraft', { ids });
}

export function copyOrder(id: number) {
  return http.post<{ orderId: number; orderNo: string }>('/app/order/order/copy', { id });
}

/** City and state of a US ZIP (404 when unknown: no message, the form says so itself). */
export function getCity(zip: string) {
  return http.get<{ city: string; stateCode: string; countryCode: string }>(
    '/app/user/address/getCity',
    { zip },
    { isHideMsg: true },
  );
}

export function myServices() {
  return call(channels.myServices, {});
}

/**
 * Downloads an order's label (a 4x6 PDF, one page per parcel), named by order or tracking number. A refused
 * download answers the JSON envelope, which the request client shows and rejects with.
 */
export async function downloadLabel(
  order: Pick<OrderListItem, 'id' | 'orderNo' | 'tackNo'>,
  nameBy: LabelNameBy,
  format: 'pdf' | 'zpl' = 'pdf',
): Promise<string> {
  const response = await download('/app/order/label/down', { params: { id: order.id, nameBy, format } });
  const base = nameBy === 'trackingNo' && order.tackNo ? order.tackNo : order.orderNo;
  const name = fileNameOf(response.headers.get('content-disposition'), `${base}.${format}`);
  saveBlob(await response.blob(), name);
  return name;
}
