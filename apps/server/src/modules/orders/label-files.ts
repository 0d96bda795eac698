/**
 * An order's label as a file: the documents the carrier issued when it was bought upstream (kept in the
 * file storage), else the labels drawn here from the order. A carrier's PDF or PNG labels come as a 4x6
 * PDF, its ZPL as ZPL; a carrier label is never redrawn in a format the carrier did not issue.
 */

import type { LabelNameBy } from '@parcelport/shared/contracts/orders/schemas';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { FileStorage } from '../../core/ports.ts';
import type { Scope } from '../../core/scope.ts';
import { labelPagesPdf, type PdfPart } from '../../documents/carrier-pdf.ts';
import { type LabelFormat, labelsOfOrder, renderOrderLabels } from './labels.ts';
import { findOrderInScope, type OrderRow, type ParcelRow, parcelsOf } from './repo.ts';

type StoredFormat = NonNullable<ParcelRow['label_format']>;

/** The carrier-issued documents of the parcels, in parcel order; empty when the labels are drawn here. */
async function carrierDocuments(storage: FileStorage, parcels: readonly ParcelRow[]) {
  const stored = parcels.filter((parcel) => parcel.label_file && parcel.label_format);
  return Promise.all(
    stored.map(async (parcel) => ({
      format: parcel.label_format as StoredFormat,
      bytes: await storage.get(parcel.label_file as string),
    })),
  );
}

/** What a file of `format` is made of for this order: one PDF part, ZPL text, or nothing bought. */
export type LabelFile = { format: LabelFormat; bytes: Buffer } | null;

/** The order's labels as one file in `format` (the caller chose the orders with a bought label). */
export async function orderLabelFile(
  storage: FileStorage,
  order: OrderRow,
  parcels: readonly ParcelRow[],
  format: LabelFormat,
): Promise<LabelFile> {
  const documents = await carrierDocuments(storage, parcels);
  if (documents.length === 0) {
    const labels = labelsOfOrder(order, [...parcels]);
    return labels.length === 0 ? null : { format, bytes: await renderOrderLabels(labels, format) };
  }
  const issued = documents[0]?.format as StoredFormat;
  const fits = format === 'zpl' ? issued === 'zpl' : issued !== 'zpl';
  if (!fits)
    throw new AppError(422, 'labelFormatUnavailable', null, {
      issued: issued.toUpperCase(),
      format: format.toUpperCase(),
    });
  if (format === 'zpl') return { format, bytes: Buffer.concat(documents.map((document) => document.bytes)) };
  return { format, bytes: await labelPagesPdf(documents as PdfPart[]) };
}

/** Whether any of the parcels carries a label the carrier issued. */
export function hasCarrierLabels(parcels: readonly ParcelRow[]): boolean {
  return parcels.some((parcel) => parcel.label_file !== null);
}

/** The format a bulk download gives the order in: its carrier's ZPL stays ZPL, everything else is PDF. */
export function bulkFormatOf(parcels: readonly ParcelRow[]): LabelFormat {
  return parcels.some((parcel) => parcel.label_format === 'zpl') ? 'zpl' : 'pdf';
}

/** The file name of an order's label: its order number or its (first) tracking number. */
export const labelNameOf = (order: OrderRow, nameBy: LabelNameBy) =>
  nameBy === 'trackingNo' ? (order.tracking_no ?? order.order_no) : order.order_no;

/**
 * One order's label file for a download in `format`, named as asked; 422 naming `id` when it has none, or
 * when its money was refunded (voided, cancelled): a label paid back is not to be printed and shipped.
 */
export async function orderLabel(
  ctx: AppContext,
  scope: Scope,
  query: { id: number; format: LabelFormat; nameBy: LabelNameBy },
) {
  const order = await findOrderInScope(ctx.db, query.id, scope);
  if (!order) throw notFound('orderNotFound');
  const file = await orderLabelFile(ctx.storage, order, await parcelsOf(ctx.db, order.id), query.format);
  if (!file || order.refunded_at !== null) throw invalidFields({ id: 'orderStateInvalid' });
  return { name: `${labelNameOf(order, query.nameBy)}.${file.format}`, ...file };
}
