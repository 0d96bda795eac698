import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** The body is read raw, to check its signature, so the contract declares none. */
export const track17Webhook = defineContract({
  method: 'POST',
  path: '/tracking/webhook/17track',
  summary: '17TRACK webhook (TRACKING_UPDATED), signed with the API key',
  tags: ['tracking'],
  access: 'public',
  answer: z.null(),
});
