import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { sellerBody } from './schemas.ts';

export const updateSeller = defineContract({
  method: 'POST',
  path: '/admin/update/seller',
  summary:
    "Set a seller's invitation code (made up when none is given); customers who register with it belong to the seller",
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  body: sellerBody,
  answer: z.object({ invitationCode: z.string() }),
});
