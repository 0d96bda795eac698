import { defineContract } from '../contract.ts';
import { batchSelection, jobStarted } from './schemas.ts';

export const startBatchEstimate = defineContract({
  method: 'POST',
  path: '/app/order/batchEstimateRateMix',
  summary: 'Rate a selection of orders as a background job',
  keyArea: 'labels',
  tags: ['batch'],
  access: 'signedIn',
  scope: 'own',
  body: batchSelection,
  answer: jobStarted,
});
