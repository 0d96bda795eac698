import { defineContract } from '../contract.ts';
import { draftInput, savedOrderView } from './schemas.ts';

export const saveDraft = defineContract({
  method: 'POST',
  path: '/app/order/draft',
  summary:
    'Save a draft (new when orderId is null) with what it has: empty party fields and sizes are kept empty, what is given is checked; answers orderNo',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: draftInput,
  answer: savedOrderView,
});
