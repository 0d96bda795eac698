import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { READERS, sysMessageIds } from './schemas.ts';

export const markSysMessagesRead = defineContract({
  ...READERS,
  method: 'POST',
  path: '/app/sysMessage/read',
  summary: 'Mark my system messages read: the given ids, or all of them when ids is empty',
  body: z.object({ ids: sysMessageIds.default([]) }),
  answer: z.object({ marked: z.number() }),
});
