import { idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

/** A rule's "hold for review" keeps an order from being bought (single, batch or API) until this releases it. */
export const releaseHold = defineContract({
  method: 'POST',
  path: '/app/order/releaseHold',
  member: 'buy',
  summary: 'Release orders held for review by a rule, so their labels can be bought',
  keyArea: 'labels',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: bulkResults,
});
