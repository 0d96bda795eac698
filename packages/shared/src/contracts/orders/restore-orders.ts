import { idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

export const restoreOrders = defineContract({
  method: 'POST',
  path: '/app/order/cancelRestore',
  member: 'void',
  summary: 'Withdraw a pending cancellation (6 → 1)',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: bulkResults,
});
