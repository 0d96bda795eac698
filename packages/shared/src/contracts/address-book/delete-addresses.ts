import { deletedAnswer, idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';

export const deleteAddresses = defineContract({
  method: 'DELETE',
  path: '/app/user/address',
  summary: 'Delete saved addresses',
  tags: ['address book'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: deletedAnswer,
});
