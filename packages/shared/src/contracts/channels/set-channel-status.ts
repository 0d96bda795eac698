import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

export const setChannelStatus = defineContract({
  method: 'POST',
  path: '/admin/channel/enable/:id',
  summary: 'Enable (1) or disable (0) a channel',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  body: z.object({ status: z.union([z.literal(0), z.literal(1)]) }),
  answer: z.null(),
});
