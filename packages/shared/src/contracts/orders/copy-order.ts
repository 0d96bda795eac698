import { z } from 'zod';
import { orderFamilies } from './families.ts';
import { savedOrderView } from './schemas.ts';

export const copyOrder = orderFamilies({
  method: 'POST',
  path: '/order/order/copy',
  summary: 'Copy an order to a new draft',
  tags: ['orders'],
  body: z.object({ id: z.number().int().positive() }),
  answer: savedOrderView,
});
