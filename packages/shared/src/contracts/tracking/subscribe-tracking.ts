import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { subscriptionBody } from './schemas.ts';

export const subscribeTracking = defineContract({
  method: 'POST',
  path: '/app/tracking/subscribe',
  summary: 'Be told of every change of state of a parcel: by email and/or a webhook POST',
  tags: ['tracking'],
  access: 'signedIn',
  scope: 'own',
  body: subscriptionBody,
  answer: z.null(),
});
