import { defineContract } from '../contract.ts';
import { addressEntryInput, addressEntryView } from './schemas.ts';

export const createAddress = defineContract({
  method: 'POST',
  path: '/app/user/address',
  summary: 'Save an address (a US address with a known ZIP gets a missing city and state from it)',
  tags: ['address book'],
  access: 'signedIn',
  scope: 'own',
  body: addressEntryInput,
  answer: addressEntryView,
});
