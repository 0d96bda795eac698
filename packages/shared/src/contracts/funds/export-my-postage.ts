import { defineContract, FILE_ANSWER } from '../contract.ts';
import { balanceLogQuery } from './schemas.ts';

export const exportMyPostage = defineContract({
  method: 'GET',
  path: '/app/postage/down',
  summary: 'My postage details: changes of available funds caused by shipping, as xlsx (same filters as the list)',
  tags: ['funds'],
  access: { codes: ['appPostageList'] },
  scope: 'own',
  query: balanceLogQuery,
  answer: FILE_ANSWER,
});
