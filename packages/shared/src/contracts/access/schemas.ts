import { z } from 'zod';

/** A role with the resource codes it grants (packages/shared/src/access.ts). */
export const roleView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  resources: z.array(z.string()),
});
export type Role = z.output<typeof roleView>;
