import { idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

export const backToDraft = defineContract({
  method: 'POST',
  path: '/app/order/backToDraft',
  summary: 'Failed, cancelled or voided orders back to draft',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: bulkResults,
});
