import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { returnBuyBody, returnView } from './schemas.ts';

export const buyReturn = defineContract({
  method: 'POST',
  path: '/app/returns/:id/buy',
  member: 'buy',
  summary:
    'Buy the return label: paid on use (free now, charged once at the first scan) or charged now; an Idempotency-Key header makes a retry answer as the first call',
  tags: ['returns'],
  // A label bought and charged: the labels area, as the outbound label's purchase.
  keyArea: 'labels',
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: returnBuyBody,
  answer: returnView,
});
