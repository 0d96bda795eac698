import { z } from 'zod';

/** Every JSON answer is `{ code, message, data }` (docs/design.md §4). */
export function ok<T>(data: T, message = 'success') {
  return { code: 200, message, data };
}

/** The OpenAPI shape of a successful answer carrying `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}
