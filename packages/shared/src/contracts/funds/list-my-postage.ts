import { defineContract } from '../contract.ts';
import { balanceLogQuery, ledgerPage } from './schemas.ts';

export const listMyPostage = defineContract({
  method: 'GET',
  path: '/app/postage/list',
  summary: 'My postage details: changes of available funds caused by shipping',
  tags: ['funds'],
  access: { codes: ['appPostageList'] },
  scope: 'own',
  query: balanceLogQuery,
  answer: ledgerPage,
});
