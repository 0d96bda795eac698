import { defineContract } from '../contract.ts';
import { savedOrderView } from '../orders/schemas.ts';
import { returnCreateBody } from './schemas.ts';

export const createReturn = defineContract({
  method: 'POST',
  path: '/app/returns',
  summary: "Draft a return label: from a bought order (its parties swapped) or on its own, to the merchant's address",
  tags: ['returns'],
  // A draft order of its own (a test key's a test one): the orders area, as any draft.
  keyArea: 'orders',
  access: 'signedIn',
  scope: 'own',
  body: returnCreateBody,
  answer: savedOrderView,
});
