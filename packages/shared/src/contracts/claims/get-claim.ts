import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { claimOptionsView, claimView, MERCHANT_CLAIMS, STAFF_CLAIMS } from './schemas.ts';

export const getMyClaim = defineContract({
  ...MERCHANT_CLAIMS,
  method: 'GET',
  path: '/app/claim/:id(^\\d+)',
  summary: 'One of my claims with its files',
  params: idParams,
  answer: claimView,
});

export const getClaim = defineContract({
  ...STAFF_CLAIMS,
  method: 'GET',
  path: '/admin/claim/:id(^\\d+)',
  summary: 'One claim with its evidence',
  params: idParams,
  answer: claimView,
});

export const getClaimOptions = defineContract({
  ...MERCHANT_CLAIMS,
  method: 'GET',
  path: '/app/claim/options/:id(^\\d+)',
  summary: "What may be claimed on one of my orders: its insured value and each type's filing window",
  params: idParams,
  answer: claimOptionsView,
});
