import { idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

export const releaseEarnest = defineContract({
  method: 'POST',
  path: '/admin/order/order/releaseEarnest',
  summary: "Release the orders' temporary deposits",
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  body: idsBody,
  answer: bulkResults,
});
