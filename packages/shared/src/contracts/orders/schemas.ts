import { z } from 'zod';
import {
  BATTERY_TYPES,
  CARRIER_REFUNDS,
  DEFAULT_PARCEL,
  INSURANCE_MAX_PER_PACKAGE_CENTS,
  INSURANCE_MAX_PER_SHIPMENT_CENTS,
  KEY_MODES,
  LABEL_SIZES,
  ORDER_STATUSES,
  SIGNATURE_OPTIONS,
} from '../../index.ts';
import { refineAddressFormat } from '../address-format.ts';
import { addressFields, addressInput, addressView } from '../addresses/schemas.ts';
import { bodyNumber, idsBody, pageQuery, queryFlag, queryId, wholeNumber } from '../common.ts';
import { dimensionInput, weightInput } from '../measures.ts';
import { moneyInput, moneyView } from '../money.ts';
import { rateChoice } from '../rate-choice.ts';

const text = (max: number) => z.string().trim().max(max);

export const MASS_UNITS = ['lb', 'oz', 'kg', 'g'] as const;
export const DISTANCE_UNITS = ['in', 'cm'] as const;

/** A parcel with its defaults (docs/api.md, "Parcel"). */
export const parcelInput = z.object({
  length: dimensionInput(),
  width: dimensionInput(),
  height: dimensionInput(),
  weight: weightInput().default(DEFAULT_PARCEL.weight),
  weight2: bodyNumber().min(0).optional(),
  massUnit: z.enum(MASS_UNITS).default(DEFAULT_PARCEL.massUnit),
  distanceUnit: z.enum(DISTANCE_UNITS).default(DEFAULT_PARCEL.distanceUnit),
  packageCode: text(40).default(DEFAULT_PARCEL.packageCode),
  packageNum: bodyNumber().int().min(1).default(DEFAULT_PARCEL.packageNum),
  packageAmount: bodyNumber().int().min(1).default(DEFAULT_PARCEL.packageAmount),
  /** Declared value for insurance, a money string. */
  insuredValue: moneyInput
    .refine((cents) => cents >= 0, 'insuranceNegative')
    .refine((cents) => cents <= INSURANCE_MAX_PER_PACKAGE_CENTS, 'insuranceOverPackage')
    .default(0),
  reference: text(100).default(''),
  reference2: text(100).default(''),
});

/** The order extra options the platform acts on; the rest are kept as given. */
export const extraInput = z
  .object({
    signatureOption: z.enum(SIGNATURE_OPTIONS).default('none'),
    nonDeliveryOption: text(40).optional(),
    contentsType: text(40).optional(),
    description: text(200).optional(),
    /** The service the buyer asked for (a store's shipping line, an import's column), which a rule can match. */
    requestedService: text(80).optional(),
  })
  .catchall(z.unknown())
  .default({ signatureOption: 'none' });

/** One item of an order (issue 30): its SKU matches the merchant's product presets and rules. */
export const orderItemInput = z.object({
  sku: text(80).default(''),
  name: text(200).default(''),
  quantity: bodyNumber().int().min(1).max(100_000).default(1),
  /** One unit's price, a money string. */
  price: moneyInput.refine((cents) => cents >= 0, 'amountInvalid').default(0),
});

/** The order-create payload (draft, estimate and label purchase share it). */
/** The fields of an order besides its parties and parcels. */
const orderFields = {
  orderId: z.number().int().positive().nullable().default(null),
  batteryType: z.enum(BATTERY_TYPES).default('none'),
  residential: z.boolean().optional(),
  reference1: text(100).default(''),
  reference2: text(100).default(''),
  remark: text(500).default(''),
  labelSize: z.enum(LABEL_SIZES).default('4x6'),
  shipDate: z.iso.date().optional(),
  batchNo: text(60).optional(),
  extra: extraInput,
  isTest: z
    .boolean()
    .default(false)
    .describe(
      'a test label: bought free with test credentials; always true with a test API key, refused with a live one',
    ),
  items: z.array(orderItemInput).max(200).default([]),
};

/** The declared-value limit of a whole shipment (each parcel's own limit is its field's rule). */
function refineShipmentInsurance(order: { parcels: { insuredValue: number }[] }, ctx: z.RefinementCtx) {
  const declared = order.parcels.reduce((sum, parcel) => sum + parcel.insuredValue, 0);
  if (declared > INSURANCE_MAX_PER_SHIPMENT_CENTS)
    ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'insuranceOverShipment' });
}

/**
 * A draft saves with what it has (docs/spec.md §4 draft): the parties' fields and a parcel's sizes may be
 * empty, but what is given keeps its format and limits. Rating or buying a saved draft checks it whole
 * (`orderInput`'s rules), naming what is missing.
 */
const draftText = (max: number) => text(max).default('');
const draftAddressInput = z
  .object({
    ...addressFields,
    personName: draftText(100),
    stateCode: draftText(40),
    city: draftText(80),
    addressLine1: draftText(200),
    zipCode: draftText(20),
  })
  .superRefine(refineAddressFormat);
const emptySize = (value: number | undefined) => value ?? 0;
const draftParcelInput = parcelInput.extend({
  length: dimensionInput().optional().transform(emptySize),
  width: dimensionInput().optional().transform(emptySize),
  height: dimensionInput().optional().transform(emptySize),
});
export const draftInput = z
  .object({
    ...orderFields,
    from: draftAddressInput,
    to: draftAddressInput,
    parcels: z.array(draftParcelInput).min(1, 'atLeastOneParcel').max(50),
  })
  .superRefine(refineShipmentInsurance);

export const orderInput = z
  .object({
    ...orderFields,
    from: addressInput,
    to: addressInput,
    parcels: z.array(parcelInput).min(1, 'atLeastOneParcel').max(50),
  })
  .superRefine(refineShipmentInsurance);

/** A saved order to estimate: its id alone. */
const savedOrder = z.object({ orderId: z.number().int().positive() }).strict();
const isSavedOrder = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'orderId' in body;

/**
 * The estimate takes a saved order (`{ orderId }` alone) or an order as the draft takes it. The body's
 * keys decide which before it is checked, so a failing field is named as the draft names it
 * (`body.parcels.0.weight`); a union would try both and name only `body`.
 */
export const estimateBody = z
  .unknown()
  .transform((body, ctx): z.output<typeof savedOrder> | z.output<typeof orderInput> => {
    const parsed = isSavedOrder(body) ? savedOrder.safeParse(body) : orderInput.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue(issue as never);
    return z.NEVER;
  })
  .describe('a saved order, `{ orderId }`, or an order as `POST /api/app/order/draft` takes it');

export const labelCreateBody = z.object({
  orderId: z.number().int().positive(),
  serviceId: z.number().int().positive(),
  channelId: z.number().int().positive().optional(),
});

export { idsBody };

/** The orders of a list by creation time: newest first, or oldest first. */
export const ORDER_LIST_SORTS = ['newest', 'oldest'] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];

export const orderListQuery = pageQuery.extend({
  status: wholeNumber(z.number().refine((s) => (ORDER_STATUSES as number[]).includes(s))).optional(),
  keyword: z.string().trim().max(100).optional(),
  channelId: queryId().optional(),
  batchNo: z.string().trim().max(60).optional(),
  /** 'return': return labels only (docs/api.md "Returns"); 'label': outbound labels only. */
  kind: z.enum(['label', 'return']).optional(),
  /** Orders carrying this tag of the merchant's (issue 30). */
  tagId: queryId().optional(),
  /** Staff lists: the orders of this account alone (the customer picked, GET /api/admin/order/customers). */
  userId: queryId()
    .optional()
    .describe(
      "staff lists: the orders of this account alone, as picked from GET /api/admin/order/customers (an account outside the caller's scope: an empty list)",
    ),
  /** Staff lists: the customer's account, name or company, or a part of it (kept for API callers; `userId` is the fast way). */
  customer: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(
      "staff lists: the orders of every account whose sign-in, name or company holds this text, any case (it reads every account; a picked account's `userId` is the fast way)",
    ),
  /** Order review: bought labels (status 1) no one has approved or rejected yet. */
  pendingReview: queryFlag().optional(),
  mode: z
    .enum(KEY_MODES)
    .optional()
    .describe(
      "test or live orders only (issue 31): a signed-in session's lists and downloads show live orders unless asked `test`, never both mixed (a download of explicit `ids` takes them as given unless asked); an API key's show only those of its mode, and asked the other mode are empty",
    ),
  from: z.iso
    .date()
    .transform((d) => Date.parse(d))
    .optional(),
  to: z.iso
    .date()
    .transform((d) => Date.parse(d) + 86_400_000)
    .optional(),
  /** The list's order by creation: newest first (the default) or oldest first (issue 30, a saved view's sort). */
  sort: z.enum(ORDER_LIST_SORTS).optional(),
  /**
   * Keyset paging: the id of the last order of the page before; the page holds the next orders after it in
   * the list's order, whatever `page` says, so a deep page costs what the first does.
   */
  after: queryId().optional(),
});

/** Approve, or reject with the reason the customer reads. */
const decisionBody = z.discriminatedUnion('approve', [
  z.object({ id: z.number().int().positive(), approve: z.literal(true) }),
  z.object({
    id: z.number().int().positive(),
    approve: z.literal(false),
    reason: z.string().trim().min(1, 'reasonRequired').max(500),
  }),
]);
export const cancelAuditBody = decisionBody;
export const reviewBody = decisionBody;

export const billedBody = z.object({
  id: z.number().int().positive(),
  /** The carrier's real cost of the shipment. */
  cost: moneyInput.refine((cents) => cents >= 0, 'amountInvalid'),
  /** The carrier's measured billable weight in ounces, when it differs from the declared one. */
  billedOz: z.number().int().positive().optional(),
  /** Whether the difference comes from a wrong declared size or weight (docs/api.md, penalty). */
  wrongDimensions: z.boolean().default(false),
});

export const labelQuery = z.object({
  id: queryId(),
  nameBy: z.enum(['orderNo', 'trackingNo']).default('orderNo'),
  format: z.enum(['pdf', 'zpl']).default('pdf'),
});

/** The outcome of a bulk action, order by order. */
export const bulkResults = z.array(z.object({ id: z.number(), ok: z.boolean(), message: z.string().optional() }));

/** A saved order: its id and number. */
export const savedOrderView = z.object({ orderId: z.number(), orderNo: z.string() });

/** The empty answer of a decision. */
export const nothing = z.null();

/** An order as the lists show it (docs/api.md, "Order"). */
export const orderListItem = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  tackNo: z.string().nullable(),
  batchNo: z.string().nullable(),
  status: z.number(),
  userId: z.number(),
  channelId: z.number().nullable(),
  serviceId: z.number().nullable(),
  serviceName: z.string().nullable(),
  carrierCode: z.string().nullable(),
  serviceCode: z.string().nullable(),
  rate: moneyView.nullable(),
  insuranceFee: moneyView,
  insurance: moneyView,
  earnest: moneyView,
  zone: z.number().nullable(),
  toPersonName: z.string(),
  toZipCode: z.string(),
  toAddress: z.string(),
  fromPersonName: z.string(),
  fromZipCode: z.string(),
  fromAddress: z.string(),
  reference1: z.string(),
  reference2: z.string(),
  remark: z.string(),
  auditInfo: z.string(),
  failReason: z.string(),
  /** The last batch address check: 0 not checked, 1 valid, 2 corrections suggested, 3 invalid; with its note. */
  addressStatus: z.number(),
  addressNote: z.string(),
  isTest: z.boolean(),
  /** 'return' for a return label (docs/api.md "Returns"), else 'label'. */
  kind: z.enum(['label', 'return']),
  labelSize: z.enum(LABEL_SIZES),
  createdAt: z.string(),
  createdTime: z.string().nullable(),
  shipDate: z.string().nullable(),
  billedCost: moneyView.nullable(),
  billedAt: z.string().nullable(),
  earnestReleasedAt: z.string().nullable(),
  /** When the charge was given back; null while it is not (a void waiting for the carrier's refund). */
  refundedAt: z.string().nullable(),
  /** The carrier's answer to voiding a label bought upstream ('' when not voided there), with its note. */
  carrierRefund: z.enum(CARRIER_REFUNDS),
  carrierRefundNote: z.string(),
  /** Staff lists: the customer's account (sign-in) and name. */
  customer: z.object({ account: z.string(), name: z.string() }).optional(),
  /** The merchant's tags on the order (issue 30; staff see them, only the merchant changes them). */
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  /** A rule holds the order for review before it is bought. */
  heldForReview: z.boolean(),
});

export const parcelView = z.object({
  id: z.number(),
  seq: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
  massUnit: z.enum(MASS_UNITS),
  distanceUnit: z.enum(DISTANCE_UNITS),
  packageCode: z.string(),
  packageNum: z.number(),
  packageAmount: z.number(),
  insuredValue: moneyView,
  reference: z.string(),
  reference2: z.string(),
  trackingNo: z.string().nullable(),
  trackingStatus: z.number(),
});

export const timelineEntry = z.object({
  status: z.number(),
  event: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  time: z.string(),
});

/**
 * Why a ledger row of an order moved the merchant's money: the label's charge, its refund (void or failure),
 * a carrier bill's deduction or refund, the wrong-size penalty, what an accepted dispute gave back, an
 * insurance claim's payout and the postage it gave back (issue 28), or another movement (its ledger type says which).
 */
export const ORDER_MONEY_KINDS = [
  'charge',
  'refund',
  'billDeduction',
  'billRefund',
  'penalty',
  'disputeReversal',
  'claimPayout',
  'claimRefund',
  'other',
] as const;
export type OrderMoneyKind = (typeof ORDER_MONEY_KINDS)[number];

/** One ledger row of the order, as what it cost the merchant (a refund is negative). */
export const orderMoneyLine = z.object({
  id: z.number(),
  kind: z.enum(ORDER_MONEY_KINDS),
  /** The ledger row's type (FUND_TYPE). */
  type: z.number(),
  amount: moneyView,
  time: z.string(),
});

/**
 * The order's money from the merchant's ledger, the one source of its figures: every row tied to the order
 * (its charge, refunds, bill deductions and refunds, penalties, reversals of accepted disputes) but the
 * earnest's freeze and release (shown apart), and what they add up to (paid in the end).
 */
export const orderMoney = z.object({
  currency: z.string(),
  lines: z.array(orderMoneyLine),
  net: moneyView,
});

/** The order extra options as saved. */
export const orderExtraView = z
  .object({
    signatureOption: z.enum(SIGNATURE_OPTIONS),
    nonDeliveryOption: z.string().optional(),
    contentsType: z.string().optional(),
    description: z.string().optional(),
  })
  .catchall(z.unknown());

/** One order with its parties, parcels and timeline. */
export const orderDetail = orderListItem.extend({
  from: addressView,
  to: addressView,
  residential: z.boolean(),
  batteryType: z.enum(BATTERY_TYPES),
  extra: orderExtraView,
  parcels: z.array(parcelView),
  baseInfo: z.record(z.string(), z.unknown()).nullable(),
  timeline: z.array(timelineEntry),
  /** null for a team member without the `money` permission: the ledger's rows are money records (issue 30). */
  money: orderMoney.nullable(),
  items: z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number(), price: moneyView })),
  /** What the merchant's rules decided: the service to buy with, or how to pick one (issue 30). */
  preferredServiceId: z.number().nullable(),
  rateChoice: rateChoice.nullable(),
  /** Which rule set what ("set by rule X"). */
  ruleTrail: z.array(z.object({ ruleId: z.number(), ruleName: z.string(), fields: z.array(z.string()) })),
});

/** One service's rate (staff who set prices also see cost and margin). */
export const quoteLine = z.object({
  channelId: z.number(),
  channelName: z.string(),
  serviceId: z.number(),
  serviceCode: z.string(),
  serviceName: z.string(),
  carrierCode: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  zone: z.number().nullable(),
  zoneSource: z.enum(['chart', 'distance']).nullable(),
  billableWeightOz: z.array(z.number()),
  price: moneyView,
  insurance: moneyView,
  total: moneyView,
  breakdown: z.object({
    base: moneyView,
    fuel: moneyView,
    residential: moneyView,
    oversize: moneyView,
    remote: moneyView,
  }),
  /** Business days in transit: the carrier's, or the ratecard's transit table for the zone. */
  deliveryDays: z.number().nullable(),
  /** The expected delivery date (YYYY-MM-DD): the carrier's, else counted from the transit days. */
  expectedDelivery: z.string().nullable(),
  deliveryFrom: z.enum(['carrier', 'transit']).nullable(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
  cost: moneyView.optional(),
  margin: moneyView.optional(),
});

export const billedView = z.object({ difference: moneyView, penalty: moneyView });

export type ParcelInput = z.input<typeof parcelInput>;
export type OrderInput = z.input<typeof orderInput>;
/** What the server's save receives, after the schema's defaults and trimming. */
export type OrderBody = z.output<typeof orderInput>;
export type ParcelBody = z.output<typeof parcelInput>;
export type OrderListQuery = z.output<typeof orderListQuery>;
export type OrderListItem = z.output<typeof orderListItem>;
export type OrderDetail = z.output<typeof orderDetail>;
export type ParcelView = z.output<typeof parcelView>;
export type TimelineEntry = z.output<typeof timelineEntry>;
export type OrderMoney = z.output<typeof orderMoney>;
export type OrderMoneyLine = z.output<typeof orderMoneyLine>;
export type QuoteLine = z.output<typeof quoteLine>;
export type BulkResult = z.output<typeof bulkResults>[number];
export type LabelNameBy = z.output<typeof labelQuery>['nameBy'];
