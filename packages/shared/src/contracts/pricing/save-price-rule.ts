import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { priceRuleBody } from './schemas.ts';

/** Price rules belong to the platform, not to an account. */
export const savePriceRule = defineContract({
  method: 'POST',
  path: '/admin/compute/addOrUpdate',
  summary:
    'Create a price rule (without `id`: every channel and service, 0 %, 0.00, not a default, enabled unless given), or change the one `id` names (a field left out stays as it is)',
  tags: ['pricing'],
  access: { codes: ['getComputeInfo'] },
  scope: 'any',
  body: priceRuleBody,
  answer: z.object({ id: z.number() }),
});
