import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderDetail } from './schemas.ts';

export const getOrder = defineContract({
  method: 'GET',
  path: '/app/order/detail/:id',
  summary: 'One order with its parcels and timeline',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: orderDetail,
});
