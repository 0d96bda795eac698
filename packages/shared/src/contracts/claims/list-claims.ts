import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { claimListQuery, claimView, MERCHANT_CLAIMS, STAFF_CLAIMS } from './schemas.ts';

export const listMyClaims = defineContract({
  ...MERCHANT_CLAIMS,
  method: 'GET',
  path: '/app/claim/list',
  summary: 'My insurance claims, newest first; by status, type, order or keyword',
  query: claimListQuery,
  answer: pageOf(claimView),
});

export const listClaims = defineContract({
  ...STAFF_CLAIMS,
  method: 'GET',
  path: '/admin/claim/list',
  summary: 'The claims queue: oldest waiting first; by status, type, order or keyword',
  query: claimListQuery,
  answer: pageOf(claimView),
});
