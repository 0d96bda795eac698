import { defineContract } from '../contract.ts';
import { balanceLogQuery, ledgerPage } from './schemas.ts';

export const listAllLedger = defineContract({
  method: 'GET',
  path: '/admin/balance/log/list',
  summary:
    'Fund details of every user (type 0 recharge, 1 place order, 2 refund, 3 margin release, 4 bill deduction, …)',
  tags: ['funds'],
  access: { codes: ['adminBalanceList'] },
  scope: 'ownCustomers',
  query: balanceLogQuery,
  answer: ledgerPage,
});
