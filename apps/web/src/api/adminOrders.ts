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
  /** The orders of this account alone (the customer picked: GET /api/admin/order/customers). */
  userId?: number;
  channelId?: number;
  /** ISO dates (YYYY-MM-DD), both inclusive. */
  from?: string;
  to?: string;
  /** Test orders alone ('test'); live ones otherwise, the server's default for a session (issue 31). */
  mode?: KeyMode;
}

/** Approve, or reject with the reason the customer reads. */
export type Decision = z.input<typeof contracts.cancelAuditBody>;

/** Every order the filters match (of the list's mode) as xlsx. */
export const exportAdminOrders = async (filter: AdminOrderFilter) =>
  saveResponse(await call(volume.exportOrders.admin, { query: { ...filter } }), 'all-waybills.xlsx');

/** Downloads an order's label (4x6 PDF) and hands it to the browser. */
export async function downloadAdminLabel(order: Pick<AdminOrder, 'id' | 'orderNo'>, nameBy: contracts.LabelNameBy) {
  return saveResponse(
    await call(contracts.downloadLabel.admin, { query: { id: order.id, nameBy } }),
    `${order.orderNo}.pdf`,
  );
}
