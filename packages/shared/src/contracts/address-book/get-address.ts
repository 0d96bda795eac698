import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { addressEntryView } from './schemas.ts';

export const getAddress = defineContract({
  method: 'GET',
  // Numeric ids only, so /app/user/address/getCity and the other named paths stay theirs.
  path: '/app/user/address/:id(^\\d+)',
  summary: 'One saved address',
  tags: ['address book'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: addressEntryView,
});
