import { defineContract } from '../contract.ts';
import { jobStarted, labelSelection } from './schemas.ts';

export const startBatchLabels = defineContract({
  method: 'POST',
  path: '/app/order/label/batchCreateMix',
  member: 'buy',
  summary:
    'Buy labels for a selection (a given service, or each order’s cheapest/fastest) as a background job; each order is charged once',
  keyArea: 'labels',
  tags: ['batch'],
  access: 'signedIn',
  scope: 'own',
  body: labelSelection,
  answer: jobStarted,
});
