import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { addressEntryInput, addressEntryView } from './schemas.ts';

export const updateAddress = defineContract({
  method: 'PUT',
  path: '/app/user/address/:id(^\\d+)',
  summary: 'Rewrite a saved address',
  tags: ['address book'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: addressEntryInput,
  answer: addressEntryView,
});
