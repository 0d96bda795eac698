import { defineContract } from '../contract.ts';
import { nothing, reviewBody } from './schemas.ts';

export const reviewOrder = defineContract({
  method: 'POST',
  path: '/admin/order/review',
  summary: 'Order review: approve, or reject with a reason shown as auditInfo (refunded)',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  body: reviewBody,
  answer: nothing,
});
