import { defineContract, FILE_ANSWER } from '../contract.ts';
import { manifestQuery } from './schemas.ts';

export const downloadManifest = defineContract({
  method: 'GET',
  path: '/app/order/createManifest',
  summary:
    "An end-of-day manifest (SCAN-form style PDF: one barcode and the parcel list) for the selected or the day's labels",
  keyArea: 'labels',
  tags: ['downloads'],
  access: 'signedIn',
  scope: 'own',
  query: manifestQuery,
  answer: FILE_ANSWER,
});
