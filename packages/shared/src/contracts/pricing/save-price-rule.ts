import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { priceRuleBody } from './schemas.ts';

/** Price rules belong to the platform, not to an account. */
export const savePriceRule = defineContract({
  method: 'POST',
  path: '/admin/compute/addOrUpdate',
  summary: 'Create or change a price rule',
  tags: ['pricing'],
  access: { codes: ['getComputeInfo'] },
  scope: 'any',
  body: priceRuleBody,
  answer: z.object({ id: z.number() }),
});
