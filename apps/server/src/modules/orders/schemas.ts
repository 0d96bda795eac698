import {
  BATTERY_TYPES,
  DEFAULT_COUNTRY,
  DEFAULT_PARCEL,
  LABEL_SIZES,
  ORDER_STATUSES,
  SIGNATURE_OPTIONS,
  shipmentInsurance,
} from '@parcelport/shared';
import { z } from 'zod';
import { pageQuery } from '../../http/envelope.ts';
import { moneyInput } from '../../http/money.ts';
import { bodyNumber, queryFlag, queryId, wholeNumber } from '../../http/numbers.ts';
import { refineAddressFormat } from '../addresses/format.ts';

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'fieldRequired');

/** An order party (SPEC §3 Address), a US ZIP and state in their formats. */
export const addressInput = z
  .object({
    personName: required(100),
    company: text(100).default(''),
    phone: text(40).default(''),
    email: text(120).default(''),
    countryCode: z.string().trim().toUpperCase().length(2).default(DEFAULT_COUNTRY),
    stateCode: required(40),
    city: required(80),
    addressLine1: required(200),
    addressLine2: text(200).default(''),
    zipCode: required(20),
    isResidential: z.boolean().default(false),
  })
  .superRefine(refineAddressFormat);
export type AddressInput = z.infer<typeof addressInput>;

const dimension = bodyNumber().positive('fieldRequired').max(10_000);

/** A parcel (SPEC §3 Parcel) with its defaults (SPEC §9). */
export const parcelInput = z.object({
  length: dimension,
  width: dimension,
  height: dimension,
  weight: bodyNumber().positive('fieldRequired').max(100_000).default(DEFAULT_PARCEL.weight),
  weight2: bodyNumber().min(0).optional(),
  massUnit: z.enum(['lb', 'oz', 'kg', 'g']).default(DEFAULT_PARCEL.massUnit),
  distanceUnit: z.enum(['in', 'cm']).default(DEFAULT_PARCEL.distanceUnit),
  packageCode: text(40).default(DEFAULT_PARCEL.packageCode),
  packageNum: bodyNumber().int().min(1).default(DEFAULT_PARCEL.packageNum),
  packageAmount: bodyNumber().int().min(1).default(DEFAULT_PARCEL.packageAmount),
  /** Declared value for insurance (SPEC §9), a money string. */
  insuredValue: moneyInput.default(0),
  reference: text(100).default(''),
  reference2: text(100).default(''),
});
export type ParcelInput = z.infer<typeof parcelInput>;

/** The order extra options of SPEC §3 that the platform acts on; the rest are kept as given. */
export const extraInput = z
  .object({
    signatureOption: z.enum(SIGNATURE_OPTIONS).default('none'),
    nonDeliveryOption: text(40).optional(),
    contentsType: text(40).optional(),
    description: text(200).optional(),
  })
  .catchall(z.unknown())
  .default({ signatureOption: 'none' });

/** SPEC §3 order-create payload (draft, estimate and label purchase share it). */
export const orderInput = z
  .object({
    orderId: z.number().int().positive().nullable().default(null),
    from: addressInput,
    to: addressInput,
    parcels: z.array(parcelInput).min(1, 'atLeastOneParcel').max(50),
    batteryType: z.enum(BATTERY_TYPES).default('none'),
    residential: z.boolean().optional(),
    reference1: text(100).default(''),
    reference2: text(100).default(''),
    remark: text(500).default(''),
    labelSize: z.enum(LABEL_SIZES).default('4x6'),
    shipDate: z.iso.date().optional(),
    batchNo: text(60).optional(),
    extra: extraInput,
    isTest: z.boolean().default(false),
  })
  .superRefine((order, ctx) => {
    // SPEC §9 declared-value limits, per parcel and per shipment.
    const insurance = shipmentInsurance(order.parcels.map((parcel) => parcel.insuredValue));
    if (insurance.ok) return;
    if (insurance.error === 'overShipmentLimit')
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: 'insuranceOverShipment' });
    else
      ctx.addIssue({
        code: 'custom',
        path: ['parcels', insurance.index ?? 0, 'insuredValue'],
        message: insurance.error === 'negative' ? 'insuranceNegative' : 'insuranceOverPackage',
      });
  });
export type OrderInput = z.infer<typeof orderInput>;

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
  .transform((body, ctx): z.infer<typeof savedOrder> | OrderInput => {
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

export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });

export const orderListQuery = pageQuery.extend({
  status: wholeNumber(z.number().refine((s) => (ORDER_STATUSES as number[]).includes(s))).optional(),
  keyword: z.string().trim().max(100).optional(),
  channelId: queryId().optional(),
  batchNo: z.string().trim().max(60).optional(),
  userId: queryId().optional(),
  /** Order review: bought labels (status 1) no one has approved or rejected yet. */
  pendingReview: queryFlag().optional(),
  from: z.iso
    .date()
    .transform((d) => Date.parse(d))
    .optional(),
  to: z.iso
    .date()
    .transform((d) => Date.parse(d) + 86_400_000)
    .optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const cancelAuditBody = z.discriminatedUnion('approve', [
  z.object({ id: z.number().int().positive(), approve: z.literal(true) }),
  z.object({
    id: z.number().int().positive(),
    approve: z.literal(false),
    reason: z.string().trim().min(1, 'reasonRequired').max(500),
  }),
]);

export const billedBody = z.object({
  id: z.number().int().positive(),
  /** The carrier's real cost of the shipment. */
  cost: moneyInput.refine((cents) => cents >= 0, 'amountInvalid'),
  /** The carrier's measured billable weight in ounces, when it differs from the declared one. */
  billedOz: z.number().int().positive().optional(),
  /** Whether the difference comes from a wrong declared size or weight (SPEC §9 penalty). */
  wrongDimensions: z.boolean().default(false),
});

export const reviewBody = z.discriminatedUnion('approve', [
  z.object({ id: z.number().int().positive(), approve: z.literal(true) }),
  z.object({
    id: z.number().int().positive(),
    approve: z.literal(false),
    reason: z.string().trim().min(1, 'reasonRequired').max(500),
  }),
]);
