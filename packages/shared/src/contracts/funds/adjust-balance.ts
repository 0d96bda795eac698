import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { adjustBody } from './schemas.ts';

export const adjustBalance = defineContract({
  method: 'POST',
  path: '/admin/balance/adjust',
  summary: "Credit (positive) or debit (negative) a customer's wallet, with a mandatory remark",
  tags: ['funds'],
  access: { codes: ['adminRechargeList'] },
  scope: 'ownCustomers',
  body: adjustBody,
  answer: z.object({ balanceAfter: z.string() }),
});
