import { defineContract } from '../contract.ts';
import { addressCheckView, addressToCheck } from './schemas.ts';

export const validateAddress = defineContract({
  method: 'POST',
  path: '/app/user/address/validate',
  summary:
    "Check an address: ZIP exists, city/state agree (corrections suggested), standard street form, PO box and military flags; with a channel set to verify addresses, its carrier's word too (undeliverable is an error; a deliverable address is suggested in the carrier's standard form with ZIP+4)",
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: addressToCheck,
  answer: addressCheckView,
});
