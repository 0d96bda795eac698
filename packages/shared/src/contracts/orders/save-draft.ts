import { defineContract } from '../contract.ts';
import { orderInput, savedOrderView } from './schemas.ts';

export const saveDraft = defineContract({
  method: 'POST',
  path: '/app/order/draft',
  summary: 'Save a draft (new when orderId is null); answers orderNo',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: orderInput,
  answer: savedOrderView,
});
