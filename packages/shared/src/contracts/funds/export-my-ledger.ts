import { defineContract, FILE_ANSWER } from '../contract.ts';
import { balanceLogQuery } from './schemas.ts';

export const exportMyLedger = defineContract({
  method: 'GET',
  path: '/app/balance/log/down',
  summary: 'My ledger: every change of my balances, as xlsx (same filters as the list)',
  tags: ['funds'],
  access: { codes: ['appBalanceList'] },
  scope: 'own',
  query: balanceLogQuery,
  answer: FILE_ANSWER,
});
