import { pageOf } from '../common.ts';
import { orderFamilies } from './families.ts';
import { orderListItem, orderListQuery } from './schemas.ts';

/** Orders: a customer's own, or staff's customers' (every merchant's for platform-wide staff). */
export const listOrders = orderFamilies({
  method: 'GET',
  path: '/order/orders',
  summary:
    'Orders, filtered (status, keyword = order number / tracking number / reference / recipient, channel, batch, dates)',
  tags: ['orders'],
  query: orderListQuery,
  answer: pageOf(orderListItem),
});
