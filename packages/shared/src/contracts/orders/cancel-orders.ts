import { idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

export const cancelOrders = defineContract({
  method: 'POST',
  path: '/app/order/cancel',
  member: 'void',
  summary: 'Cancel/void bought labels (1 → 6, staff then decide)',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: bulkResults,
});
