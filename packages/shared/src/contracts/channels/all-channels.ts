import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { channelView } from './schemas.ts';

export const allChannels = defineContract({
  method: 'GET',
  path: '/admin/channel/getAllChannel',
  summary: 'Every channel with its services',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  answer: z.array(channelView),
});
