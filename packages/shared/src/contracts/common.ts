import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';

/**
 * Building blocks of the contracts' schemas. Their messages are keys of FIELD_MESSAGES
 * (contracts/messages.ts), which both sides translate the same way.
 */

/** A number in a JSON body, never coerced (`true`, "0x10" and "12abc" are refused); missing is required. */
export const bodyNumber = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'fieldRequired' : 'numberInvalid') });

/**
 * A whole number written in a query string or a path: decimal digits only (an optional minus), then checked
 * by `schema`. z.coerce.number() would take "0x10" as 16, "1e3" as 1000, " 7" as 7, "" as 0 and "true" as 1.
 */
export function wholeNumber<T extends z.core.$ZodType<unknown, number>>(schema: T) {
  return z
    .string()
    .regex(/^-?\d+$/, 'wholeNumberInvalid')
    .transform(Number)
    .pipe(schema);
}

type WithoutDefault<Field> = Field extends z.ZodDefault<infer Inner> ? Inner : Field;

/**
 * An object's fields as changes to a stored one: each may be left out, and one left out stays as it is.
 * `.partial()` would not do: in zod 4 a field's `.default()` still fills in what was left out.
 */
export function changesOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      z.optional(field instanceof z.ZodDefault ? field.unwrap() : field),
    ]),
  );
  return z.object(fields) as unknown as z.ZodObject<{
    [Name in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[Name]>>;
  }>;
}

/** A positive id in a query string or a path. */
export const queryId = () => wholeNumber(z.number().int().positive());

/** The `:id` of a by-id route. */
export const idParams = z.object({ id: queryId() });

/** A flag in a query string: `true` or `false`, nothing else (z.coerce.boolean() reads "false" as true). */
export const queryFlag = () => z.enum(['true', 'false']).transform((value) => value === 'true');

/** Query parameters of every list: page from 1, page size among the offered sizes. */
export const pageQuery = z.object({
  page: wholeNumber(z.number().int().min(1)).default(1),
  pageSize: wholeNumber(
    z
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
        message: `one of ${PAGE_SIZES.join(', ')}`,
      }),
  ).default(DEFAULT_PAGE_SIZE),
});

/**
 * Comma-separated ids in a query string (`ids=3,5,8`): at least one, each a positive integer within the
 * 64-bit ids' safe range, so that no id beyond it reaches the database (PostgreSQL would refuse the query).
 */
export const idListQuery = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(z.number().int().positive()).min(1));

/** A JSON body naming the rows a call acts on. */
export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });

/** One page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

/** The answer of a delete: how many rows went. */
export const deletedAnswer = z.object({ deleted: z.number() });
