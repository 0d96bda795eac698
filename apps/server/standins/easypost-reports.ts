/**
 * The EasyPost stand-in's shipment invoice reports (https://docs.easypost.com/docs/reports): a Report made
 * on `POST /v2/reports/shipment_invoice` with a span of days, `new` for a few reads (EasyPost makes reports
 * in its own time), then `available` with the URL of its file (a zip holding the CSV, as EasyPost serves
 * them), or `empty` when no label fell in the span.
 * One row per shipment bought in the span: what was paid, what the carrier finally invoiced and measured
 * (the rate paid and the parcel as declared, unless the test says otherwise), in the report's columns.
 */

/** What the carrier finally invoiced for a shipment, and what it measured (inches, ounces). */
export interface FinalInvoice {
  amount: string;
  weight?: number;
  length?: number;
  width?: number;
  height?: number;
}

/** What a report row reads of a shipment. */
export interface InvoicedShipment {
  id: string;
  tracking_code: string | null;
  selected_rate: { carrier: string; service: string; rate: string; carrier_account_id: string } | null;
  parcel: { length: number; width: number; height: number; weight: number };
  postage_label: Record<string, unknown> | null;
}

const COLUMNS = [
  'shipment_id',
  'label_date',
  'carrier_account_id',
  'carrier',
  'tracking_code',
  'carrier_invoice_id',
  'package_dispute_id',
  'status',
  'quoted_currency',
  'initially_paid_amount',
  'quoted_amount',
  'claimed_length',
  'claimed_width',
  'claimed_height',
  'claimed_package',
  'claimed_service',
  'final_invoice_amount',
  'captured_length',
  'captured_width',
  'captured_height',
  'captured_weight',
  'captured_package',
  'captured_service',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The span's fields that are missing or not dates, as EasyPost names them in a 422. */
export function spanErrors(body: Record<string, unknown>): { field: string; message: string }[] {
  return (['start_date', 'end_date'] as const)
    .filter((field) => typeof body[field] !== 'string' || !DATE.test(body[field] as string))
    .map((field) => ({ field, message: 'must be a date (YYYY-MM-DD)' }));
}

/** The report's CSV, or null when no shipment was bought in the span (the report is `empty`). */
export function shipmentInvoiceCsv(
  shipments: Iterable<InvoicedShipment>,
  span: { start_date: string; end_date: string },
  finalInvoices: ReadonlyMap<string, FinalInvoice>,
): string | null {
  const rows: string[] = [];
  for (const shipment of shipments) {
    const labelDate = String(shipment.postage_label?.label_date ?? '');
    const day = labelDate.slice(0, 10);
    const rate = shipment.selected_rate;
    if (!rate || day < span.start_date || day > span.end_date) continue;
    const final = finalInvoices.get(shipment.id);
    const { parcel } = shipment;
    const row: Record<(typeof COLUMNS)[number], string | number> = {
      shipment_id: shipment.id,
      label_date: labelDate,
      carrier_account_id: rate.carrier_account_id,
      carrier: rate.carrier,
      tracking_code: shipment.tracking_code ?? '',
      carrier_invoice_id: '',
      package_dispute_id: '',
      status: 'processed',
      quoted_currency: 'USD',
      initially_paid_amount: rate.rate,
      quoted_amount: rate.rate,
      claimed_length: parcel.length,
      claimed_width: parcel.width,
      claimed_height: parcel.height,
      claimed_package: '',
      claimed_service: rate.service,
      final_invoice_amount: final?.amount ?? rate.rate,
      captured_length: final?.length ?? '',
      captured_width: final?.width ?? '',
      captured_height: final?.height ?? '',
      captured_weight: final?.weight ?? parcel.weight,
      captured_package: '',
      captured_service: rate.service,
    };
    rows.push(COLUMNS.map((column) => row[column]).join(','));
  }
  return rows.length === 0 ? null : `${[COLUMNS.join(','), ...rows].join('\n')}\n`;
}
