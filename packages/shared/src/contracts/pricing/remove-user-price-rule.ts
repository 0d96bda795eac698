import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { priceRelationBody } from './schemas.ts';

export const removeUserPriceRule = defineContract({
  method: 'POST',
  path: '/admin/delUserPriceRuleRelation',
  summary: 'Stop applying a price rule to a user',
  tags: ['pricing'],
  access: { codes: ['getComputeInfo'] },
  scope: 'ownCustomers',
  body: priceRelationBody,
  answer: z.null(),
});
