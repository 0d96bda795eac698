import { defineContract } from '../contract.ts';
import { balanceLogQuery, ledgerPage } from './schemas.ts';

export const listMyLedger = defineContract({
  method: 'GET',
  path: '/app/balance/log/list',
  summary: 'My ledger: every change of my balances',
  tags: ['funds'],
  access: { codes: ['appBalanceList'] },
  scope: 'own',
  query: balanceLogQuery,
  answer: ledgerPage,
});
