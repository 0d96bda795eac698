import { defineContract } from '../contract.ts';
import { addressCheckView, addressToCheck } from './schemas.ts';

export const validateAddress = defineContract({
  method: 'POST',
  path: '/app/user/address/validate',
  summary:
    'Check an address: ZIP exists, city/state agree (corrections suggested), standard street form, PO box and military flags',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: addressToCheck,
  answer: addressCheckView,
});
