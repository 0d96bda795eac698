import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderListItem, orderListQuery } from './schemas.ts';

/** Staff: their customers' orders (every merchant's for platform-wide staff). */
export const listAdminOrders = defineContract({
  method: 'GET',
  path: '/admin/order/orders',
  summary:
    'Orders, filtered (status, keyword = order number / tracking number / reference / recipient, channel, batch, dates)',
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  query: orderListQuery,
  answer: pageOf(orderListItem),
});
