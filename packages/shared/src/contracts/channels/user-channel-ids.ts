import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineContract } from '../contract.ts';

export const userChannelIds = defineContract({
  method: 'GET',
  path: '/admin/user-channel',
  summary: 'Channel ids allotted to a user',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: z.object({ userId: queryId() }),
  answer: z.array(z.number()),
});
