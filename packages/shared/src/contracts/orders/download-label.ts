import { defineContract, FILE_ANSWER } from '../contract.ts';
import { labelQuery } from './schemas.ts';

export const downloadLabel = defineContract({
  method: 'GET',
  path: '/app/order/label/down',
  summary:
    'The label of a bought order: a 4x6 PDF with one page per parcel (or ZPL), named by order or tracking number',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  query: labelQuery,
  answer: FILE_ANSWER,
});
