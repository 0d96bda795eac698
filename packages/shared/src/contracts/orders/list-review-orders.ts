import { z } from 'zod';
import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { orderListItem, orderListQuery } from './schemas.ts';

/**
 * Order review's list (SPEC: `adminChannel`): the bought labels no one has approved or rejected yet, of the
 * caller's customers. The waybills list filtered `pendingReview`, for the desk that reviews without reading
 * every waybill (`orderList`).
 */
export const listReviewOrders = defineContract({
  method: 'GET',
  path: '/admin/order/review',
  summary: 'Order review: bought labels waiting for approval, filtered as the waybills list is',
  tags: ['orders'],
  access: { codes: ['adminChannel', 'orderList'] },
  scope: 'ownCustomers',
  query: orderListQuery.omit({ pendingReview: true }),
  answer: pageOf(orderListItem).extend({ totalCapped: z.boolean() }),
});
