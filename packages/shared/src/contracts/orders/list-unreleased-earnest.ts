import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderListItem, orderListQuery } from './schemas.ts';

export const listUnreleasedEarnest = defineContract({
  method: 'GET',
  path: '/admin/order/unRefunded',
  summary: 'Orders whose temporary deposit has not been released',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: orderListQuery,
  answer: pageOf(orderListItem),
});
