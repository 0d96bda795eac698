import { z } from 'zod';
import { changesOf, idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { channelBody } from './schemas.ts';

export const updateChannel = defineContract({
  method: 'POST',
  path: '/admin/channel/update/:id',
  summary: 'Change a channel',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  body: changesOf(channelBody),
  answer: z.null(),
});
