import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { estimateBody, quoteLine } from './schemas.ts';

export const estimateRates = defineContract({
  method: 'POST',
  path: '/app/order/estimateRateMix',
  summary: 'Rates from every allotted service: price, zone, billable weight, surcharges, insurance, days, or why not',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: estimateBody,
  answer: z.array(quoteLine),
});
