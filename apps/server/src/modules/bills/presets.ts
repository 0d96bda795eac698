import type { BillAmountKind, BillCause, BillField, BillPreset } from '@parcelport/shared/contracts/bills/index';

type WeightUnit = 'oz' | 'lb' | 'kg' | 'g';

export interface PresetDefinition {
  preset: BillPreset;
  amountKind: BillAmountKind;
  /** The unit of the weight column when the file has no unit column. */
  weightUnit: WeightUnit;
  /** The headers each field is read from, first found wins (compared without case, spaces or underscores). */
  headers: Partial<Record<BillField, string[]>>;
}

/**
 * The bill formats known by their headers (docs/bills.md lists them). The aggregators' adjustment reports
 * carry one line per change (`adjustment`); a carrier's invoice carries the whole charge of each parcel
 * (`total`). A file whose headers differ maps them by hand; the mapping is kept per channel.
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
  easypost: {
    preset: 'easypost',
    amountKind: 'adjustment',
    weightUnit: 'oz',
    headers: {
      trackingNumber: ['tracking_code'],
      amount: ['adjustment_amount', 'amount'],
      reason: ['adjustment_reason', 'reason', 'description'],
      billedWeight: ['adjusted_weight', 'carrier_weight'],
      billedLength: ['adjusted_length', 'carrier_length'],
      billedWidth: ['adjusted_width', 'carrier_width'],
      billedHeight: ['adjusted_height', 'carrier_height'],
      zone: ['adjusted_zone', 'zone'],
      service: ['service'],
      reference: ['adjustment_id', 'id'],
    },
  },
  shipengine: {
    preset: 'shipengine',
    amountKind: 'adjustment',
    weightUnit: 'oz',
    headers: {
      trackingNumber: ['tracking_number'],
      amount: ['adjustment_amount', 'amount'],
      reason: ['adjustment_reason', 'reason'],
      billedWeight: ['adjusted_weight', 'actual_weight'],
      weightUnit: ['weight_unit'],
      billedLength: ['adjusted_length', 'actual_length'],
      billedWidth: ['adjusted_width', 'actual_width'],
      billedHeight: ['adjusted_height', 'actual_height'],
      zone: ['adjusted_zone', 'zone'],
      service: ['service_code'],
      reference: ['label_id', 'adjustment_id'],
    },
  },
  ups: {
    preset: 'ups',
    amountKind: 'adjustment',
    weightUnit: 'lb',
    headers: {
      trackingNumber: ['Tracking Number', 'Lead Shipment Number'],
      amount: ['Net Amount', 'Adjustment Amount'],
      reason: ['Charge Description', 'Adjustment Reason'],
      billedWeight: ['Billed Weight'],
      weightUnit: ['Billed Weight Unit of Measure'],
      billedLength: ['Package Dimensions Length', 'Length'],
      billedWidth: ['Package Dimensions Width', 'Width'],
      billedHeight: ['Package Dimensions Height', 'Height'],
      zone: ['Zone'],
      service: ['Service', 'Charge Category Detail Code'],
      reference: ['Invoice Number'],
    },
  },
  fedex: {
    preset: 'fedex',
    amountKind: 'total',
    weightUnit: 'lb',
    headers: {
      trackingNumber: ['Express or Ground Tracking ID', 'Tracking ID'],
      amount: ['Net Charge Amount'],
      reason: ['Tracking ID Charge Description', 'Adjustment Reason'],
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
  const key = unit.trim().toLowerCase().replace(/s$/, '') as WeightUnit | 'pound' | 'ounce' | 'l' | 'k';
  const named: Record<string, WeightUnit> = { pound: 'lb', ounce: 'oz', l: 'lb', k: 'kg', lbs: 'lb' };
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
