import { defineContract } from '../contract.ts';
import { claimView, fileClaimBody, MERCHANT_CLAIMS } from './schemas.ts';

export const fileClaim = defineContract({
  ...MERCHANT_CLAIMS,
  method: 'POST',
  path: '/app/claim',
  summary:
    "File an insurance claim on an insured order of my own (lost, damaged, delivered-not-received), within the type's window; opens a work order",
  body: fileClaimBody,
  answer: claimView,
});
