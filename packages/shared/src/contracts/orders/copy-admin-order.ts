import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { savedOrderView } from './schemas.ts';

export const copyAdminOrder = defineContract({
  method: 'POST',
  path: '/admin/order/order/copy',
  summary: 'Copy an order to a new draft',
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  body: z.object({ id: z.number().int().positive() }),
  answer: savedOrderView,
});
