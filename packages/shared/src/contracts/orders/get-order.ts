import { idParams } from '../common.ts';
import { orderFamilies } from './families.ts';
import { orderDetail } from './schemas.ts';

export const getOrder = orderFamilies({
  method: 'GET',
  path: '/order/detail/:id',
  summary: 'One order with its parcels and timeline',
  tags: ['orders'],
  params: idParams,
  // The carrier desk reads the orders it reviews, bills and settles (order review, carrier bills).
  staffCodes: ['orderList', 'adminChannel'],
  answer: orderDetail,
});
