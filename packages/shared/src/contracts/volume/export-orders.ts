import { FILE_ANSWER } from '../contract.ts';
import { orderFamilies } from '../orders/families.ts';
import { selectionQuery } from './schemas.ts';

export const exportOrders = orderFamilies({
  method: 'GET',
  path: '/order/order/down',
  summary: 'The filtered order list as xlsx',
  tags: ['downloads'],
  query: selectionQuery,
  answer: FILE_ANSWER,
});
