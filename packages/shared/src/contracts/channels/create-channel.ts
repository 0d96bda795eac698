import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { channelBody } from './schemas.ts';

export const createChannel = defineContract({
  method: 'POST',
  path: '/admin/channel/create',
  summary: 'Create a channel',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  body: channelBody,
  answer: z.object({ id: z.number() }),
});
