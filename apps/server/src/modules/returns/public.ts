/**
 * The public return page (`/r/<id>`, no sign-in): found by the link's id alone (its SHA-256), it shows only
 * what printing the label needs (tracking number, carrier and service, whether it can still be used, until
 * when) and serves the label itself, with the carrier's QR code of it where the carrier offers one. Nothing of the merchant's account, prices or other orders.
 */
import { ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import {
  bulkFormatOf,
  findOrder,
  hasCarrierLabels,
  type OrderRow,
  orderLabelFile,
  parcelsOf,
} from '../orders/index.ts';
import { linkHashOf } from './link.ts';
import { type ReturnRow, returnByLinkHash } from './repo.ts';

/** The return and its order, only once its label was bought (a draft's link shows nothing). */
async function returnByLink(ctx: AppContext, link: string): Promise<{ row: ReturnRow; order: OrderRow }> {
  const row = await returnByLinkHash(ctx.db, linkHashOf(link));
  const order = row ? await findOrder(ctx.db, row.order_id) : undefined;
  if (!row || !order || order.tracking_no === null) throw notFound('returnNotFound');
  return { row, order };
}

const GONE = [ORDER_STATUS.voided, ORDER_STATUS.cancelled, ORDER_STATUS.failed] as number[];

function stateOf(row: ReturnRow, order: OrderRow): 'ready' | 'used' | 'lapsed' {
  if (row.used_at !== null) return 'used';
  if (row.lapsed_at !== null || GONE.includes(order.status) || order.refunded_at !== null) return 'lapsed';
  return 'ready';
}

export async function publicReturn(ctx: AppContext, link: string) {
  const { row, order } = await returnByLink(ctx, link);
  const parcels = await parcelsOf(ctx.db, order.id);
  const formats: ('pdf' | 'zpl')[] = hasCarrierLabels(parcels) ? [bulkFormatOf(parcels)] : ['pdf', 'zpl'];
  return {
    trackingNo: order.tracking_no,
    carrierCode: order.carrier_code,
    serviceName: order.service_name,
    state: stateOf(row, order),
    validUntil: row.valid_until === null ? null : new Date(row.valid_until).toISOString(),
    formats,
    qrCode: row.qr_file !== null,
  };
}

/** The carrier's QR code of the label (PNG), where it offers one; refused once the return lapsed. */
export async function publicReturnQrCode(ctx: AppContext, link: string) {
  const { row, order } = await returnByLink(ctx, link);
  if (stateOf(row, order) === 'lapsed') throw new AppError(409, 'returnLapsed');
  if (row.qr_file === null) throw notFound('returnNotFound');
  return { bytes: await ctx.storage.get(row.qr_file) };
}

/** The label to print; refused once the return lapsed or was voided (it would not be honoured). */
export async function publicReturnLabel(ctx: AppContext, link: string, format: 'pdf' | 'zpl') {
  const { row, order } = await returnByLink(ctx, link);
  if (stateOf(row, order) === 'lapsed') throw new AppError(409, 'returnLapsed');
  const file = await orderLabelFile(ctx.storage, order, await parcelsOf(ctx.db, order.id), format);
  if (!file) throw notFound('returnNotFound');
  return { ...file, name: `return-${order.tracking_no}.${file.format}` };
}
