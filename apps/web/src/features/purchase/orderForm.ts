import dayjs, { type Dayjs } from 'dayjs';
import type { AddressValue, DraftPayload, OrderDetail, OrderExtra, OrderPayload } from '../../api/orders';
import { emptyAddress } from '../address-book';
import { BUILT_IN_LABEL_DEFAULTS, type LabelDefaults } from './labelDefaults';
import { newParcel, type ParcelFormValue } from './ParcelEditor';

export const NON_DELIVERY_OPTIONS = ['return', 'abandon'] as const;
export const CONTENTS_TYPES = ['merchandise', 'gift', 'documents', 'sample', 'returnedGoods', 'other'] as const;

/** The order form's values (dates as dayjs, declared values as numbers). */
export interface OrderFormValues {
  from: AddressValue;
  to: AddressValue;
  parcels: ParcelFormValue[];
  batteryType: OrderPayload['batteryType'];
  reference1: string;
  reference2: string;
  remark: string;
  labelSize: OrderPayload['labelSize'];
  shipDate: Dayjs | null;
  extra: OrderExtra;
  isTest: boolean;
}

/** A new order: empty parties, one parcel, and the label defaults (sysConfig) for its size and parcel. */
export const initialOrderValues = (label: LabelDefaults = BUILT_IN_LABEL_DEFAULTS): OrderFormValues => ({
  from: emptyAddress(),
  to: emptyAddress(),
  parcels: [newParcel(label)],
  batteryType: 'none',
  reference1: '',
  reference2: '',
  remark: '',
  labelSize: label.size,
  shipDate: null,
  extra: { signatureOption: 'none', nonDeliveryOption: 'return', contentsType: 'merchandise', description: '' },
  isTest: false,
});

const trimmed = (address: AddressValue): AddressValue => ({
  ...address,
  personName: address.personName?.trim() ?? '',
  company: address.company?.trim() ?? '',
  phone: address.phone?.trim() ?? '',
  email: address.email?.trim() ?? '',
  stateCode: address.stateCode?.trim() ?? '',
  city: address.city?.trim() ?? '',
  addressLine1: address.addressLine1?.trim() ?? '',
  addressLine2: address.addressLine2?.trim() ?? '',
  zipCode: address.zipCode?.trim() ?? '',
  isResidential: Boolean(address.isResidential),
});

/** A number typed in the form, or left out when the field is empty (a draft keeps it empty). */
const numberOrNone = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? undefined : Number(value);

/** The create payload (docs/api.md, Shipping) from the form (shipDate and empty sizes left out). */
export function toPayload(
  values: OrderFormValues,
  orderId: number | null,
  items: DraftPayload['items'] = [],
): DraftPayload {
  const extra = Object.fromEntries(
    Object.entries(values.extra ?? {}).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as OrderExtra;
  return {
    orderId,
    from: trimmed(values.from),
    to: trimmed(values.to),
    parcels: values.parcels.map((parcel) => ({
      length: numberOrNone(parcel.length),
      width: numberOrNone(parcel.width),
      height: numberOrNone(parcel.height),
      weight: numberOrNone(parcel.weight),
      massUnit: parcel.massUnit,
      distanceUnit: parcel.distanceUnit,
      packageCode: parcel.packageCode,
      packageNum: parcel.packageNum ?? 1,
      packageAmount: parcel.packageAmount ?? 1,
      insuredValue: (parcel.insuredValue ?? 0).toFixed(2),
      reference: parcel.reference?.trim() ?? '',
      reference2: parcel.reference2?.trim() ?? '',
    })),
    batteryType: values.batteryType,
    residential: Boolean(values.to.isResidential),
    reference1: values.reference1?.trim() ?? '',
    reference2: values.reference2?.trim() ?? '',
    remark: values.remark?.trim() ?? '',
    labelSize: values.labelSize,
    ...(values.shipDate ? { shipDate: values.shipDate.format('YYYY-MM-DD') } : {}),
    extra: { ...extra, signatureOption: values.extra?.signatureOption ?? 'none' },
    isTest: Boolean(values.isTest),
    // A rewrite of the draft writes its items too: the ones it had are sent back as they were.
    ...(items && items.length > 0 ? { items } : {}),
  };
}

/** A saved order back into the form. */
export function fromDetail(order: OrderDetail): OrderFormValues {
  const initial = initialOrderValues();
  return {
    from: { ...initial.from, ...order.from },
    to: { ...initial.to, ...order.to, isResidential: order.residential || Boolean(order.to.isResidential) },
    parcels: order.parcels.map((parcel) => ({
      length: parcel.length,
      width: parcel.width,
      height: parcel.height,
      weight: parcel.weight,
      massUnit: parcel.massUnit,
      distanceUnit: parcel.distanceUnit,
      packageCode: parcel.packageCode,
      packageNum: parcel.packageNum,
      packageAmount: parcel.packageAmount,
      insuredValue: Number(parcel.insuredValue) > 0 ? Number(parcel.insuredValue) : null,
      reference: parcel.reference,
      reference2: parcel.reference2,
    })),
    batteryType: order.batteryType,
    reference1: order.reference1,
    reference2: order.reference2,
    remark: order.remark,
    labelSize: order.labelSize,
    shipDate: order.shipDate ? dayjs(order.shipDate) : null,
    extra: { ...initial.extra, ...order.extra },
    isTest: order.isTest,
  };
}
