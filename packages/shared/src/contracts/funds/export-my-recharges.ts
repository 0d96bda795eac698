import { defineContract, FILE_ANSWER } from '../contract.ts';
import { rechargeQuery } from './schemas.ts';

export const exportMyRecharges = defineContract({
  method: 'GET',
  path: '/app/user/recharge/down',
  summary: 'My recharge records as xlsx (same filters as the list)',
  tags: ['funds'],
  access: { codes: ['appRechargeList'] },
  scope: 'own',
  query: rechargeQuery,
  answer: FILE_ANSWER,
});
