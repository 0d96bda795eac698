import { withoutDemoMark } from '@parcelport/shared';
import { renderLabelsPdf } from '../../documents/label-pdf.ts';
import { renderLabelZpl } from '../../documents/label-zpl.ts';
import type { LabelData } from '../../documents/types.ts';
import { type OrderRow, type parcelsOf, parseAddress } from './repo.ts';

type ParcelRows = Awaited<ReturnType<typeof parcelsOf>>;

const trim = (value: number) => String(Math.round(value * 100) / 100);

/** One label per parcel of a bought order, in what the label renderer draws. */
export function labelsOfOrder(order: OrderRow, parcels: ParcelRows): LabelData[] {
  const from = parseAddress(order.from_address);
  const to = parseAddress(order.to_address);
  const shipDate = order.ship_date ?? new Date(order.label_created_at ?? order.created_at).toISOString().slice(0, 10);
  return parcels
    .filter((parcel) => parcel.tracking_no && parcel.barcode)
    .map((parcel) => ({
      carrierCode: (order.carrier_code ?? 'USPS') as LabelData['carrierCode'],
      serviceName: withoutDemoMark(order.service_name ?? ''),
      serviceBanner: withoutDemoMark(order.service_name ?? '').toUpperCase(),
      trackingNumber: parcel.tracking_no as string,
      barcode: JSON.parse(parcel.barcode as string) as LabelData['barcode'],
      from,
      to,
      weight: `${trim(parcel.weight)} ${parcel.mass_unit}`,
      dimensions: `${trim(parcel.length)} x ${trim(parcel.width)} x ${trim(parcel.height)} ${parcel.distance_unit}`,
      reference1: parcel.reference || order.reference1,
      reference2: parcel.reference2 || order.reference2,
      orderNo: order.order_no,
      shipDate,
      parcelIndex: parcel.seq,
      parcelCount: parcels.length,
      zone: order.zone,
      test: order.is_test === 1,
    }));
}

export type LabelFormat = 'pdf' | 'zpl';

export async function renderOrderLabels(labels: LabelData[], format: LabelFormat): Promise<Buffer> {
  return format === 'zpl' ? Buffer.from(labels.map(renderLabelZpl).join('\n')) : renderLabelsPdf(labels);
}
