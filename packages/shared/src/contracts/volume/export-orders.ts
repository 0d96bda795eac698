import { z } from 'zod';
import { FILE_ANSWER } from '../contract.ts';
import { orderFamilies } from '../orders/families.ts';
import { selectionQuery } from './schemas.ts';

export const exportOrders = orderFamilies({
  method: 'GET',
  path: '/order/order/down',
  summary: 'The filtered order list as xlsx or csv, streamed',
  tags: ['downloads'],
  query: selectionQuery.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
  answer: FILE_ANSWER,
});
