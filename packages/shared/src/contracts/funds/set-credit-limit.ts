import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { creditLimitBody } from './schemas.ts';

export const setCreditLimit = defineContract({
  method: 'POST',
  path: '/admin/wallet/creditLimit',
  summary: "Set a wallet's credit limit",
  tags: ['funds'],
  access: { codes: ['adminRechargeList'] },
  scope: 'ownCustomers',
  body: creditLimitBody,
  answer: z.null(),
});
