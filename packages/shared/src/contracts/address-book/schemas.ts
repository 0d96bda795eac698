import { z } from 'zod';
import { refineAddressFormat } from '../address-format.ts';
import { addressFields, addressView } from '../addresses/schemas.ts';
import { bodyNumber, pageQuery } from '../common.ts';
import { dimensionInput, weightInput } from '../measures.ts';

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'fieldRequired');

/**
 * An address book entry as saved: an address (addresses/schemas.ts) with a title, where the phone is required
 * and city and state may stay empty (a known US ZIP fills them).
 */
export const addressEntryInput = z
  .object({
    ...addressFields,
    title: required(60),
    phone: required(40),
    stateCode: text(40).toUpperCase().default(''),
    city: text(80).default(''),
    isDefaultSender: z.boolean().default(false),
  })
  .superRefine(refineAddressFormat);

export const addressEntryView = addressView.extend({
  id: z.number(),
  title: z.string(),
  isDefaultSender: z.boolean(),
  isValid: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
    .describe('0 not checked (outside the US), 1 valid, 2 valid with corrections suggested, 3 invalid'),
  validationNote: z.string().describe("the address check's issues in the caller's language, '' when none"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const TEMPLATE_UNITS = ['lb/in', 'kg/cm'] as const;

/** A package template: every field required. */
export const packageTemplateInput = z.object({
  name: required(60),
  quantity: bodyNumber().int().min(1, 'fieldRequired').max(10_000),
  length: dimensionInput(),
  width: dimensionInput(),
  height: dimensionInput(),
  weight: weightInput(),
  unit: z.enum(TEMPLATE_UNITS),
});

export const packageTemplateView = packageTemplateInput.extend({
  id: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const keywordListQuery = pageQuery.extend({ keyword: z.string().trim().max(100).optional() });

export type AddressEntryInput = z.input<typeof addressEntryInput>;
export type AddressEntry = z.output<typeof addressEntryView>;
export type PackageTemplateInput = z.input<typeof packageTemplateInput>;
export type PackageTemplate = z.output<typeof packageTemplateView>;
export type TemplateUnit = (typeof TEMPLATE_UNITS)[number];
/** What the server's save receives, after the schema's defaults and trimming. */
export type AddressEntryBody = z.output<typeof addressEntryInput>;
export type PackageTemplateBody = z.output<typeof packageTemplateInput>;
