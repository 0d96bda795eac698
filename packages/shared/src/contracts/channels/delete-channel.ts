import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

export const deleteChannel = defineContract({
  method: 'POST',
  path: '/admin/channel/delete/:id',
  summary: 'Delete a channel that has no orders',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  answer: z.null(),
});
