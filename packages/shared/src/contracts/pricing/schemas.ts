import { z } from 'zod';
import { changesOf } from '../common.ts';
import { moneyInput } from '../money.ts';

/** A price rule's fields; on create, one left out takes its default. */
export const priceRuleFields = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  channelId: z.number().int().positive().nullable().default(null),
  serviceId: z.number().int().positive().nullable().default(null),
  /** Markup percentage, e.g. "12.5" for 12.5%. */
  percent: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((text) => /^-?\d{1,4}(\.\d{1,2})?$/.test(text), 'percentInvalid')
    .transform((text) => Math.round(Number(text) * 100))
    .refine((bp) => bp >= -5000 && bp <= 100_000, 'percentInvalid')
    .default(0),
  fixed: moneyInput.default(0),
  isDefault: z.boolean().default(false),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});

/** A new rule (no `id`: its fields left out take their defaults), or changes to the rule `id` names. */
export const priceRuleBody = changesOf(priceRuleFields).extend({ id: z.number().int().positive().optional() });

export const priceRelationBody = z.object({ userId: z.number().int().positive(), ruleId: z.number().int().positive() });

/** A price rule: a markup on the carrier cost for a channel, a service or everything. */
export const priceRuleView = z.object({
  id: z.number(),
  name: z.string(),
  channelId: z.number().nullable().describe('null: every channel'),
  serviceId: z.number().nullable().describe('null: every service of the scope'),
  percent: z.string().describe('markup percentage, e.g. "12.50"'),
  fixed: z.string().describe('fixed markup per order, e.g. "0.50"'),
  isDefault: z.boolean().describe('a default rule applies to every customer; others to the users related to them'),
  status: z.number(),
  updatedAt: z.string().nullable(),
  users: z.array(z.object({ id: z.number(), username: z.string() })),
});
export type PriceRule = z.output<typeof priceRuleView>;
