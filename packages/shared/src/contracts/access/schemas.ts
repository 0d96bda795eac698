import { z } from 'zod';
import { RESOURCE_CATALOGUE } from '../../access.ts';
import { pageOf } from '../common.ts';

const RESOURCE_CODES = RESOURCE_CATALOGUE.map((resource) => resource.code);

/** A role with the resource codes it grants (packages/shared/src/access.ts). */
export const roleView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  resources: z.array(z.string()),
  holders: z.number().describe('the accounts holding it, deleted ones too (a held role cannot be deleted)'),
});
export type Role = z.output<typeof roleView>;

/** An account holding a role, as the role's holder list shows it. */
export const roleHolderView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  kind: z.string().describe("'customer' or 'staff'"),
  status: z.number(),
  deleted: z.boolean().describe('deleted softly: it still holds the role'),
});
export type RoleHolder = z.output<typeof roleHolderView>;
export const roleHolderPage = pageOf(roleHolderView);

const codes = z
  .array(z.string())
  .max(100)
  .refine((list) => list.every((code) => (RESOURCE_CODES as readonly string[]).includes(code)), 'resourceUnknown');

/** A role as staff make it: its code (fixed once made), name, description and resource codes. */
export const roleCreateBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][A-Za-z0-9_-]{1,39}$/, 'roleCodeFormat'),
  name: z.string().trim().min(1, 'fieldRequired').max(60, 'textTooLong'),
  description: z.string().trim().max(200, 'textTooLong').default(''),
  resources: codes.default([]),
});
export type RoleCreate = z.output<typeof roleCreateBody>;

/** A role's name and description; its resource codes too unless it is built in (those are the seed's). */
export const roleUpdateBody = roleCreateBody.omit({ code: true }).extend({ resources: codes.optional() });
export type RoleUpdate = z.output<typeof roleUpdateBody>;

/** A resource code with its category and the screens (route names and paths) it opens. */
export const resourceView = z.object({
  code: z.string(),
  category: z.string(),
  routes: z.array(z.object({ name: z.string(), path: z.string() })),
  roles: z.array(z.string()).describe('the roles granting it'),
});
