import { defineContract } from '../contract.ts';
import { labelCreateBody, orderListItem } from './schemas.ts';

export const createLabel = defineContract({
  method: 'POST',
  path: '/app/order/label/create',
  member: 'buy',
  summary: 'Buy the label: charges the wallet once; an Idempotency-Key header makes a retry answer as the first call',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: labelCreateBody,
  answer: orderListItem,
});
