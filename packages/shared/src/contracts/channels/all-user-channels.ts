import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { userAllotmentView } from './schemas.ts';

export const allUserChannels = defineContract({
  method: 'GET',
  path: '/admin/all-user-channel',
  summary: 'Every allotment: user and channel ids',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(userAllotmentView),
});
