import type { BillAmountKind, BillCause, BillField, BillPreset } from '@parcelport/shared/contracts/bills/index';

type WeightUnit = 'oz' | 'lb' | 'kg' | 'g';

export interface PresetDefinition {
  preset: BillPreset;
  amountKind: BillAmountKind;
  /** The unit of the weight column when the file has no unit column. */
  weightUnit: WeightUnit;
  /** The headers each field is read from, first found wins (compared without case, spaces or underscores). */
  headers: Partial<Record<BillField, string[]>>;
  /**
   * The carrier's column names in file order, for a file delivered without a header row (UPS's billing data
   * file has none): used when the first row names no required field.
   */
  layout?: readonly string[];
  /**
   * One row per charge, not per parcel (UPS: freight, fuel, each accessorial): the rows of one tracking number
   * on one invoice are one parcel's charge, summed; a row with no tracking number is an account-level charge.
   */
  chargeLines?: boolean;
  /**
   * The column naming each row's kind of charge, and its codes for a change billed after the label (UPS:
   * `Charge Category Code` ADJ, an adjustment; RTN, a return to sender; MIS, a miscellaneous charge): such a
   * row is an adjustment line of its own (`adjusts`), not part of the parcel's charge. Any other code (UPS's
   * SHP, the shipment) or none is the charge.
   */
  adjustments?: { headers: string[]; codes: readonly string[] };
  /**
   * No column marks a change, a later invoice bills it as another row of the parcel with only the change
   * (FedEx Billing Online): a parcel's row on an invoice other than the one that billed its whole charge (a
   * bill of this preset posted before, or an earlier invoice number in the same file) is an adjustment of its
   * own, like an `adjustments` code's row. Only for a `total` bill (docs/bills.md, "Later invoices").
   */
  laterInvoicesAreChanges?: boolean;
}

/**
 * The first 53 columns of UPS's billing data file (UPS Billing Data File Specifications, 250 columns in all),
 * through Net Amount; the file carries no header row, so a column is known by its position.
 */
const UPS_BILLING_DATA_LAYOUT = [
  'Version',
  'Recipient Number',
  'Account Number',
  'Account Country/Territory',
  'Invoice Date',
  'Invoice Number',
  'Invoice Type Code',
  'Invoice Type Detail Code',
  'Account Tax ID',
  'Invoice Currency Code',
  'Invoice Amount',
  'Transaction Date',
  'Pickup Record Number',
  'Lead Shipment Number',
  'World Ease Number',
  'Shipment Reference Number 1',
  'Shipment Reference Number 2',
  'Bill Option Code',
  'Package Quantity',
  'Oversize Quantity',
  'Tracking Number',
  'Package Reference Number 1',
  'Package Reference Number 2',
  'Package Reference Number 3',
  'Package Reference Number 4',
  'Package Reference Number 5',
  'Entered Weight',
  'Entered Weight Unit of Measure',
  'Billed Weight',
  'Billed Weight Unit of Measure',
  'Container Type',
  'Billed Weight Type',
  'Package Dimensions',
  'Zone',
  'Charge Category Code',
  'Charge Category Detail Code',
  'Charge Source',
  'Type Code 1',
  'Type Detail Code 1',
  'Type Detail Value 1',
  'Type Code 2',
  'Type Detail Code 2',
  'Type Detail Value 2',
  'Charge Classification Code',
  'Charge Description Code',
  'Charge Description',
  'Charged Unit Quantity',
  'Basis Currency Code',
  'Basis Value',
  'Tax Indicator',
  'Transaction Currency Code',
  'Incentive Amount',
  'Net Amount',
] as const;

/**
 * The bill formats known by their headers; docs/bills.md says which published layout each follows. The
 * aggregators' adjustment reports carry one line per change (`adjustment`); a carrier's invoice and
 * EasyPost's shipment invoice report carry the whole charge of each parcel (`total`). A file whose headers
 * differ maps them by hand; the mapping is kept per channel.
 */
export const PRESETS: Record<BillPreset, PresetDefinition> = {
  generic: {
    preset: 'generic',
    amountKind: 'adjustment',
    weightUnit: 'lb',
    headers: {
      trackingNumber: ['tracking number', 'tracking', '运单号', '跟踪号'],
      amount: ['amount', 'adjustment', '金额', '调整金额'],
      reason: ['reason', 'description', '原因'],
      billedWeight: ['billed weight', 'weight', '计费重量'],
      weightUnit: ['weight unit', '重量单位'],
      billedLength: ['length', '长'],
      billedWidth: ['width', '宽'],
      billedHeight: ['height', '高'],
      zone: ['zone', '分区'],
      service: ['service', '服务'],
      reference: ['reference', 'invoice', '参考号'],
    },
  },
  // EasyPost's shipment_invoice report: the carrier's final charge of a label beside what was paid for it.
  easypost: {
    preset: 'easypost',
    amountKind: 'total',
    weightUnit: 'oz',
    headers: {
      trackingNumber: ['tracking_code'],
      amount: ['final_invoice_amount'],
      billedWeight: ['captured_weight'],
      billedLength: ['captured_length'],
      billedWidth: ['captured_width'],
      billedHeight: ['captured_height'],
      service: ['captured_service'],
      // carrier_invoice_id is nullable (the carrier may send none); the dispute id is the invoice's own.
      reference: ['package_dispute_id', 'carrier_invoice_id'],
    },
  },
  // ShipEngine's (ShipStation API's) adjustment report, /v1/incubator/adjustments/reports/{id}, CSV.
  shipengine: {
    preset: 'shipengine',
    amountKind: 'adjustment',
    weightUnit: 'oz',
    headers: {
      trackingNumber: ['TrackingNumber', 'ActualTrackingNumber'],
      amount: ['AdjustmentAmount'],
      reason: ['ReasonCode', 'AdjustmentType'],
      billedWeight: ['ActualWeight'],
      billedLength: ['ActualLength'],
      billedWidth: ['ActualWidth'],
      billedHeight: ['ActualHeight'],
      service: ['ActualService'],
      reference: ['TransactionID', 'AdjustmentID'],
    },
  },
  ups: {
    preset: 'ups',
    amountKind: 'total',
    weightUnit: 'lb',
    layout: UPS_BILLING_DATA_LAYOUT,
    chargeLines: true,
    adjustments: { headers: ['Charge Category Code'], codes: ['ADJ', 'RTN', 'MIS'] },
    headers: {
      trackingNumber: ['Tracking Number', 'Lead Shipment Number'],
      amount: ['Net Amount'],
      reason: ['Charge Description'],
      billedWeight: ['Billed Weight'],
      weightUnit: ['Billed Weight Unit of Measure'],
      // One column, "11.0x  8.0x  3.0": read into the three sides.
      billedLength: ['Package Dimensions'],
      zone: ['Zone'],
      service: ['Charge Description'],
      reference: ['Invoice Number'],
    },
  },
  // FedEx Billing Online's invoice download ("All Columns"): one row per tracking id per invoice. No column
  // marks a later invoice's correction of a shipment billed before: that invoice's row carries the change
  // alone (`laterInvoicesAreChanges`, docs/bills.md).
  fedex: {
    preset: 'fedex',
    amountKind: 'total',
    weightUnit: 'lb',
    laterInvoicesAreChanges: true,
    headers: {
      trackingNumber: ['Express or Ground Tracking ID', 'Tracking ID'],
      amount: ['Net Charge Amount'],
      // Repeated 25 times with its amount; the first is the shipment's main charge.
      reason: ['Tracking ID Charge Description'],
      billedWeight: ['Rated Weight Amount'],
      weightUnit: ['Rated Weight Units'],
      billedLength: ['Dim Length'],
      billedWidth: ['Dim Width'],
      billedHeight: ['Dim Height'],
      zone: ['Zone Code'],
      service: ['Service Type'],
      reference: ['Invoice Number'],
    },
  },
  // Not checked against a real file: no published USPS adjustment layout was found (docs/bills.md, "Presets").
  usps: {
    preset: 'usps',
    amountKind: 'adjustment',
    weightUnit: 'lb',
    headers: {
      trackingNumber: ['IMpb', 'Tracking Number', 'Package ID'],
      amount: ['Adjustment Amount', 'Postage Due'],
      reason: ['Adjustment Reason', 'Adjustment Type'],
      billedWeight: ['Assessed Weight', 'Measured Weight'],
      billedLength: ['Assessed Length', 'Measured Length'],
      billedWidth: ['Assessed Width', 'Measured Width'],
      billedHeight: ['Assessed Height', 'Measured Height'],
      zone: ['Assessed Zone', 'Zone'],
      service: ['Mail Class', 'Product'],
      reference: ['Transaction ID', 'APV ID'],
    },
  },
};

const OUNCES: Record<WeightUnit, number> = { oz: 1, lb: 16, kg: 35.27396195, g: 0.03527396195 };

/** A weight in whole ounces, rounded up as carriers bill; null when the unit is unknown. */
export function ouncesOf(value: number, unit: string): number | null {
  const key = unit.trim().toLowerCase().replace(/s$/, '') as WeightUnit | 'pound' | 'ounce' | 'l' | 'k' | 'o';
  // UPS and FedEx write a unit as one letter: L (pounds), K (kilograms), O (ounces).
  const named: Record<string, WeightUnit> = { pound: 'lb', ounce: 'oz', l: 'lb', k: 'kg', o: 'oz', lbs: 'lb' };
  const factor = OUNCES[(named[key] ?? key) as WeightUnit];
  return factor === undefined ? null : Math.ceil(value * factor - 1e-9);
}

/**
 * Why the carrier billed differently, from its reason text and what it measured: a weight or size it found
 * other than declared is the merchant's wrong declaration (the penalty applies); an address correction or a
 * zone is 'address'; anything else 'other'.
 */
export function causeOf(reason: string, billedOz: number | null, declaredOz: number | null): BillCause {
  if (/weight|dim|size|length|girth|measure|cubic|apv|尺寸|重量|体积/i.test(reason)) return 'weightOrSize';
  if (billedOz !== null && declaredOz !== null && billedOz > declaredOz) return 'weightOrSize';
  if (/address|zip|zone|residential|地址|分区/i.test(reason)) return 'address';
  return 'other';
}
