import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

/**
 * A carrier's tracking push to one channel (EasyPost's tracker events), signed with the channel's webhook
 * secret. The body is read raw, to check its signature, so the contract declares none.
 */
export const carrierWebhook = defineContract({
  method: 'POST',
  path: '/tracking/webhook/carrier/:id',
  summary: "A carrier's tracking push to a channel, signed with the channel's webhook secret",
  tags: ['tracking'],
  access: 'public',
  params: idParams,
  answer: z.null(),
});
