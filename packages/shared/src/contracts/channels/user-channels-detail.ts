import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineContract } from '../contract.ts';

/** A channel allotted to a customer, with every service under it, enabled or not. */
export const userChannelDetailView = z.object({
  channelId: z.number(),
  channelName: z.string(),
  platformCode: z.string(),
  carrierCode: z.string(),
  enabled: z.boolean(),
  services: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), enabled: z.boolean() })),
});
export type UserChannelDetail = z.output<typeof userChannelDetailView>;

/** `/admin/user-channel-new` (docs/spec.md §7): a customer's allotment in full, disabled parts included. */
export const userChannelsDetail = defineContract({
  method: 'GET',
  path: '/admin/user-channel-new',
  summary:
    "The channels allotted to a customer, each with every service under it and whether channel and service are enabled (why a service is or is not in the customer's quotes)",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: z.object({ userId: queryId() }),
  answer: z.array(userChannelDetailView),
});
