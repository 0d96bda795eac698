import { defineContract } from '../contract.ts';
import { rechargePage, rechargeQuery } from './schemas.ts';

export const listAllRecharges = defineContract({
  method: 'GET',
  path: '/admin/recharge/list',
  summary: 'All recharge records',
  tags: ['funds'],
  access: { codes: ['adminRechargeList'] },
  scope: 'ownCustomers',
  query: rechargeQuery,
  answer: rechargePage,
});
