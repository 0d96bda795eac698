import { z } from 'zod';
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
  /** `totalCapped`: there are more than `total` matches (counted up to 10,000: "more than 10,000"). */
  answer: pageOf(orderListItem).extend({ totalCapped: z.boolean() }),
});
