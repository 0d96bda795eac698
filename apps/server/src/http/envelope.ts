import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@parcelport/shared';
import { z } from 'zod';
import { wholeNumber } from './numbers.ts';

/** Every JSON answer is `{ code, message, data }` (docs/design.md §4). */
export function ok<T>(data: T, message = 'success') {
  return { code: 200, message, data };
}

/** The OpenAPI shape of a successful answer carrying `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

/** Query parameters of every list: page from 1, page size among docs/spec.md §9's options. */
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

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

/** ISO-8601 UTC from epoch milliseconds (docs/design.md §4); null stays null. */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
