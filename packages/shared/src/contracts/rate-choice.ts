import { z } from 'zod';

/**
 * How a service is picked from an order's quotes without a person choosing (issue 30): by a rule, a batch
 * or the API. `cheapestWithin` takes the cheapest quote whose expected transit is at most `days`;
 * `cheapestOf` the cheapest among the named carriers (carrier codes as quotes name them). Shared by the rules
 * (which store a choice) and the rate shopper (which applies one), so both read it the same way.
 */
export const rateChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cheapest') }),
  z.object({ kind: z.literal('fastest') }),
  z.object({ kind: z.literal('cheapestWithin'), days: z.number().int().min(1).max(60) }),
  z.object({ kind: z.literal('cheapestOf'), carriers: z.array(z.string().trim().min(1).max(40)).min(1).max(20) }),
]);

export type RateChoice = z.output<typeof rateChoice>;
export const RATE_CHOICE_KINDS = ['cheapest', 'fastest', 'cheapestWithin', 'cheapestOf'] as const;
