import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderDetail } from './schemas.ts';

export const getAdminOrder = defineContract({
  method: 'GET',
  path: '/admin/order/detail/:id',
  summary: 'One order with its parcels and timeline',
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  params: idParams,
  answer: orderDetail,
});
