import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { addressCheckView, orderIdsToCheck } from './schemas.ts';

export const validateOrderAddresses = defineContract({
  method: 'POST',
  path: '/app/user/address/validate/batch',
  summary:
    'Check the recipient address of each order and mark the order (1 valid, 2 valid with corrections, 3 invalid)',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  body: orderIdsToCheck,
  answer: z.object({
    valid: z.number(),
    corrected: z.number(),
    invalid: z.number(),
    results: z.array(
      z.object({
        id: z.number(),
        orderNo: z.string(),
        status: z.number(),
        note: z.string(),
        check: addressCheckView,
      }),
    ),
  }),
});
