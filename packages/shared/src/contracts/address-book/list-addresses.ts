import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { addressEntryView, keywordListQuery } from './schemas.ts';

export const listAddresses = defineContract({
  method: 'GET',
  path: '/app/user/address/list',
  summary:
    'My saved addresses, the default sender first, then the newest; keyword over title, name, company, phone, city, ZIP and street',
  tags: ['address book'],
  access: 'signedIn',
  scope: 'own',
  query: keywordListQuery,
  answer: pageOf(addressEntryView),
});
