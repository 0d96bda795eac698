import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { channelView } from './schemas.ts';

export const channelTree = defineContract({
  method: 'GET',
  path: '/admin/channel/getChannelThree',
  summary: 'Tree: platform → channel → service',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  answer: z.array(z.object({ code: z.string(), channels: z.array(channelView) })),
});
