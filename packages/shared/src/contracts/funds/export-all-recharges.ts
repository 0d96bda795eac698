import { defineContract, FILE_ANSWER } from '../contract.ts';
import { rechargeQuery } from './schemas.ts';

export const exportAllRecharges = defineContract({
  method: 'GET',
  path: '/admin/recharge/down',
  summary: 'All recharge records as xlsx (same filters as the list)',
  tags: ['funds'],
  access: { codes: ['adminRechargeList'] },
  scope: 'ownCustomers',
  query: rechargeQuery,
  answer: FILE_ANSWER,
});
