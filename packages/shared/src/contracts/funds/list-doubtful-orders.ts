import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { doubtfulOrderView } from './schemas.ts';

export const listDoubtfulOrders = defineContract({
  method: 'GET',
  path: '/admin/balance/doubtfulOrders',
  summary: "Orders whose ledger rows do not add up to the order's charges (empty when all is well)",
  tags: ['funds'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(doubtfulOrderView),
});
