import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderListItem, orderListQuery } from './schemas.ts';

/** My orders. */
export const listOrders = defineContract({
  method: 'GET',
  path: '/app/order/orders',
  summary:
    'Orders, filtered (status, keyword = order number / tracking number / reference / recipient, channel, batch, dates)',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  query: orderListQuery,
  answer: pageOf(orderListItem),
});
