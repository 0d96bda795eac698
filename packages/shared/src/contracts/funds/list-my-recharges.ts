import { defineContract } from '../contract.ts';
import { rechargePage, rechargeQuery } from './schemas.ts';

export const listMyRecharges = defineContract({
  method: 'GET',
  path: '/app/user/recharge/list',
  summary: 'My recharge records',
  tags: ['funds'],
  access: { codes: ['appRechargeList'] },
  scope: 'own',
  query: rechargeQuery,
  answer: rechargePage,
});
