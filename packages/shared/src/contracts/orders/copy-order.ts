import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { savedOrderView } from './schemas.ts';

export const copyOrder = defineContract({
  method: 'POST',
  path: '/app/order/order/copy',
  summary: 'Copy an order to a new draft',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: z.object({ id: z.number().int().positive() }),
  answer: savedOrderView,
});
