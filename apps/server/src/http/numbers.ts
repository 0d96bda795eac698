import { z } from 'zod';

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

/** A positive id in a query string or a path. */
export const queryId = () => wholeNumber(z.number().int().positive());

/** The `:id` of a by-id route. */
export const idParams = z.object({ id: queryId() });

/** A flag in a query string: `true` or `false`, nothing else (z.coerce.boolean() reads "false" as true). */
export const queryFlag = () => z.enum(['true', 'false']).transform((value) => value === 'true');
