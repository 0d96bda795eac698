/**
 * A merchant's product catalogue (issue 30): one preset per SKU (name, weight, sizes, default package
 * template, customs fields kept for later), filled from store items and import rows, and made into an
 * order's parcel when the order has none of its own.
 */
import { z } from 'zod';
import { bodyNumber, deletedAnswer, idParams, idsBody, pageOf, pageQuery } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyInput, moneyView } from '../money.ts';
import { DISTANCE_UNITS, MASS_UNITS } from '../orders/schemas.ts';

const size = () => bodyNumber().min(0).max(1000).default(0);

export const productInput = z.object({
  sku: z.string().trim().min(1, 'fieldRequired').max(80),
  name: z.string().trim().max(200).default(''),
  weight: bodyNumber().min(0).max(10_000).default(0),
  length: size(),
  width: size(),
  height: size(),
  massUnit: z.enum(MASS_UNITS).default('lb'),
  distanceUnit: z.enum(DISTANCE_UNITS).default('in'),
  templateId: z.number().int().positive().nullable().default(null),
  customs: z
    .object({
      description: z.string().trim().max(200).default(''),
      hsCode: z.string().trim().max(20).default(''),
      originCountry: z.string().trim().toUpperCase().max(2).default(''),
      value: moneyInput.refine((cents) => cents >= 0, 'amountInvalid').default(0),
    })
    .default({ description: '', hsCode: '', originCountry: '', value: 0 }),
});

export const productView = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  massUnit: z.enum(MASS_UNITS),
  distanceUnit: z.enum(DISTANCE_UNITS),
  templateId: z.number().nullable(),
  customs: z.object({ description: z.string(), hsCode: z.string(), originCountry: z.string(), value: moneyView }),
  updatedAt: z.string(),
});

export const listProducts = defineContract({
  method: 'GET',
  path: '/app/products',
  summary: 'My products by SKU; keyword over SKU and name',
  tags: ['products'],
  access: 'signedIn',
  scope: 'own',
  query: pageQuery.extend({ keyword: z.string().trim().max(100).optional() }),
  answer: pageOf(productView),
});

export const createProduct = defineContract({
  method: 'POST',
  path: '/app/products',
  summary: 'Add a product (SKUs are unique per merchant)',
  tags: ['products'],
  access: 'signedIn',
  scope: 'own',
  body: productInput,
  answer: productView,
});

export const updateProduct = defineContract({
  method: 'PUT',
  path: '/app/products/:id(^\\d+)',
  summary: 'Rewrite a product',
  tags: ['products'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: productInput,
  answer: productView,
});

export const deleteProducts = defineContract({
  method: 'DELETE',
  path: '/app/products',
  summary: 'Delete products',
  tags: ['products'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: deletedAnswer,
});

export type ProductInput = z.input<typeof productInput>;
export type ProductBody = z.output<typeof productInput>;
export type ProductView = z.output<typeof productView>;
