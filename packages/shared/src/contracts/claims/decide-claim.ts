import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { claimView, decideClaimBody, STAFF_CLAIMS } from './schemas.ts';

export const reviewClaim = defineContract({
  ...STAFF_CLAIMS,
  method: 'POST',
  path: '/admin/claim/:id(^\\d+)/review',
  summary: 'Take a submitted claim into review',
  params: idParams,
  answer: claimView,
});

export const decideClaim = defineContract({
  ...STAFF_CLAIMS,
  method: 'POST',
  path: '/admin/claim/:id(^\\d+)/decide',
  summary: 'Approve a claim in full, in part (a lower amount) or reject it with a reason',
  params: idParams,
  body: decideClaimBody,
  answer: claimView,
});

export const payClaim = defineContract({
  ...STAFF_CLAIMS,
  method: 'POST',
  path: '/admin/claim/:id(^\\d+)/pay',
  summary: "Pay an approved claim: the payout (and a lost parcel's postage) credited to the wallet, once",
  params: idParams,
  answer: claimView,
});
