import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineContract } from '../contract.ts';
import { priceRuleView } from './schemas.ts';

export const listPriceRules = defineContract({
  method: 'GET',
  path: '/admin/compute/getInfo',
  summary: 'Price rules with the users they apply to',
  tags: ['pricing'],
  access: { codes: ['getComputeInfo'] },
  scope: 'ownCustomers',
  query: z.object({ id: queryId().optional() }),
  answer: z.array(priceRuleView),
});
