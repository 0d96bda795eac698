import { defineContract, FILE_ANSWER } from '../contract.ts';
import { balanceLogQuery } from './schemas.ts';

export const exportAllLedger = defineContract({
  method: 'GET',
  path: '/admin/balance/log/down',
  summary:
    'Fund details of every user (type 0 recharge, 1 place order, 2 refund, 3 margin release, 4 bill deduction, …), as xlsx (same filters as the list)',
  tags: ['funds'],
  access: { codes: ['adminBalanceList'] },
  scope: 'ownCustomers',
  query: balanceLogQuery,
  answer: FILE_ANSWER,
});
