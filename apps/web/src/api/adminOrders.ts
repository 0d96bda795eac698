import type { KeyMode } from '@parcelport/shared';
import type { AddressView } from '@parcelport/shared/contracts/addresses/schemas';
import * as contracts from '@parcelport/shared/contracts/orders/index';
import * as volume from '@parcelport/shared/contracts/volume/index';
import type { z } from 'zod';
import { saveResponse } from '../utils/files';
import { call } from './call';

/**
 * The staff's order screens (/adminSettings/waybills): their customers' orders, with the same shapes as the
 * merchant's (packages/shared/src/contracts/orders).
 */

/** An order as the staff lists show it: the list columns and its owner. */
export type AdminOrder = contracts.OrderListItem;

export type OrderParty = AddressView;

export type OrderParcel = contracts.ParcelView;

/** The order with its parties, parcels and timeline. */
export type AdminOrderDetail = contracts.OrderDetail;

export interface AdminOrderFilter {
  status?: number;
  /** Bought labels no one has approved or rejected yet (order review). */
  pendingReview?: boolean;
  keyword?: string;
  userId?: number;
  /** The customer's account, name or company, or a part of it. */
  customer?: string;
  channelId?: number;
  /** ISO dates (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
  /** Test orders alone ('test'); live ones otherwise, the server's default for a session (issue 31). */
  mode?: KeyMode;
}

/** Approve, or reject with the reason the customer reads. */
export type Decision = z.input<typeof contracts.cancelAuditBody>;

export const listAdminOrders = (filter: AdminOrderFilter & { page: number; pageSize: number; after?: number }) =>
  call(contracts.listOrders.admin, { query: { ...filter } });

/** Every order the filters match (of the list's mode) as xlsx. */
export const exportAdminOrders = async (filter: AdminOrderFilter) =>
  saveResponse(await call(volume.exportOrders.admin, { query: { ...filter } }), 'all-waybills.xlsx');

export const adminOrderDetail = (id: number) => call(contracts.getOrder.admin, { params: { id } });

export const listUnRefunded = (paging: { page: number; pageSize: number }) =>
  call(contracts.listUnreleasedEarnest, { query: { ...paging } });

/** Approve a cancellation (→ 15, refunded) or reject it with the reason the customer reads (→ 16). */
export const auditCancel = (decision: Decision) => call(contracts.auditCancel, { body: decision });

/** Order review of a pending-transport order: approve, or reject with a reason shown as auditInfo. */
export const reviewOrder = (decision: Decision) => call(contracts.reviewOrder, { body: decision });

/** The carrier's bill of an order; cost is a money string. */
export type BillInput = z.input<typeof contracts.billedBody>;

/** Settles an order with the carrier's bill; answers the price difference and the penalty charged. */
export const settleBill = (input: BillInput) => call(contracts.settleBill, { body: input });

export const releaseEarnest = (ids: number[]) => call(contracts.releaseEarnest, { body: { ids } });
/** Releases the earnest of every finished order of the customer: the USD released and each order's result. */
export const releaseUserEarnest = (id: number) => call(contracts.releaseUserEarnest, { params: { id } });

export const copyAdminOrder = (id: number) => call(contracts.copyOrder.admin, { body: { id } });

/** Downloads an order's label (4x6 PDF) and hands it to the browser. */
export async function downloadAdminLabel(order: Pick<AdminOrder, 'id' | 'orderNo'>, nameBy: contracts.LabelNameBy) {
  return saveResponse(
    await call(contracts.downloadLabel.admin, { query: { id: order.id, nameBy } }),
    `${order.orderNo}.pdf`,
  );
}

export interface CarrierRefundsOwedFilter {
  state?: (typeof contracts.OWED_CARRIER_REFUNDS)[number] | undefined;
  channelId?: number | undefined;
}

/** Labels voided at their carrier whose refund has not come, oldest first, with each channel's total. */
export const listCarrierRefundsOwed = (filter: CarrierRefundsOwedFilter & { page: number; pageSize: number }) =>
  call(contracts.listCarrierRefundsOwed, { query: { ...filter } });

/** Purchases cut off at a carrier that cannot be asked about them, waiting for staff. */
export const listUnconfirmedPurchases = () => call(contracts.listUnconfirmedPurchases, {});
/** With the labels' tracking numbers found at the carrier the order completes; with none it is refunded. */
export const settleUnconfirmedPurchase = (id: number, trackingNumbers: string[]) =>
  call(contracts.settleUnconfirmedPurchase, { params: { id }, body: { trackingNumbers } });

/** SCAN forms whose answer was lost at a carrier that cannot be asked about them (USPS), waiting for staff. */
export const listUnknownCarrierForms = () => call(contracts.listUnknownCarrierForms, {});
/** Records the form obtained from the carrier by its number, or releases its labels for a new form. */
export const settleCarrierForm = (id: number, body: z.input<typeof contracts.settleCarrierFormBody>) =>
  call(contracts.settleCarrierForm, { params: { id }, body });
