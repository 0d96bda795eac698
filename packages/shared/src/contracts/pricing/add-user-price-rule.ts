import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { priceRelationBody } from './schemas.ts';

export const addUserPriceRule = defineContract({
  method: 'POST',
  path: '/admin/addUserPriceRuleRelation',
  summary: 'Apply a price rule to a user',
  tags: ['pricing'],
  access: { codes: ['getComputeInfo'] },
  scope: 'ownCustomers',
  body: priceRelationBody,
  answer: z.null(),
});
