/** Order status codes (docs/spec.md §4). */
export const ORDER_STATUS = {
  draft: 0,
  pendingTransport: 1,
  inTransit: 2,
  delivered: 3,
  cancelled: 4,
  failed: 5,
  cancelling: 6,
  preparing: 7,
  voided: 15,
  rejected: 16,
  placing: 17,
  forecast: 18,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];

/** An order the customer may still edit and buy: a draft, or one whose purchase failed. */
export const EDITABLE_STATUSES = [ORDER_STATUS.draft, ORDER_STATUS.failed] as const;

/**
 * An order whose label was bought and is still paid for unless refunded: awaiting pickup, in transit,
 * delivered, being cancelled, or rejected (see apps/server/src/modules/orders/live-label.ts).
 */
export const LABEL_PAID_STATUSES = [
  ORDER_STATUS.pendingTransport,
  ORDER_STATUS.inTransit,
  ORDER_STATUS.delivered,
  ORDER_STATUS.cancelling,
  ORDER_STATUS.rejected,
] as const;

/** The order-list routes of docs/spec.md §2 /shipments and the status each shows (null: every status). */
export const ORDER_LIST_ROUTES = [
  { name: 'allWaybills', status: null },
  { name: 'draft', status: ORDER_STATUS.draft },
  { name: 'transported', status: ORDER_STATUS.pendingTransport },
  { name: 'transportation', status: ORDER_STATUS.inTransit },
  { name: 'Delivered', status: ORDER_STATUS.delivered },
  { name: 'cancelWaybill', status: ORDER_STATUS.cancelled },
  { name: 'failWaybill', status: ORDER_STATUS.failed },
  { name: 'canceled', status: ORDER_STATUS.cancelling },
  { name: 'VoidedAll', status: ORDER_STATUS.voided },
  { name: 'isRefuse', status: ORDER_STATUS.rejected },
  { name: 'placingOrder', status: ORDER_STATUS.placing },
] as const;

/** Parcel tracking status (docs/spec.md §4). */
export const TRACKING_STATUS = {
  notFound: 0,
  infoReceived: 1,
  inTransit: 2,
  arrivedForPickup: 3,
  outForDelivery: 4,
  deliveryFailed: 5,
  delivered: 6,
  exception: 7,
  transitTooLong: 8,
} as const;

/** docs/spec.md §9 batteries: none, or lithium-ion / lithium metal, standalone / packed with / installed in device. */
export const BATTERY_TYPES = [
  'none',
  'lithiumIonStandalone',
  'lithiumIonPackedWithDevice',
  'lithiumIonInstalledInDevice',
  'lithiumMetalStandalone',
  'lithiumMetalPackedWithDevice',
  'lithiumMetalInstalledInDevice',
] as const;
export type BatteryType = (typeof BATTERY_TYPES)[number];

export const LABEL_SIZES = ['4x6', '4x8'] as const;
export const CARRIER_CODES = ['USPS', 'UPS', 'FEDEX'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const SIGNATURE_OPTIONS = ['none', 'signature', 'adultSignature'] as const;
