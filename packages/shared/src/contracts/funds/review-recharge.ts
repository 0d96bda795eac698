import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { reviewBody } from './schemas.ts';

export const reviewRecharge = defineContract({
  method: 'POST',
  path: '/admin/recharge/approve',
  summary: 'Approve with the actual incoming amount, or reject with a reason',
  tags: ['funds'],
  access: { codes: ['adminRechargeList'] },
  scope: 'ownCustomers',
  body: reviewBody,
  answer: z.null(),
});
