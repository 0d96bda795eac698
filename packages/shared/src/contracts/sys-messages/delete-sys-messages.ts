import { z } from 'zod';
import { deletedAnswer } from '../common.ts';
import { defineContract } from '../contract.ts';
import { STAFF, sysMessageIds } from './schemas.ts';

export const deleteSysMessages = defineContract({
  ...STAFF,
  method: 'POST',
  path: '/admin/sysMessage/delete',
  summary: 'Delete system messages: they leave every reader’s centre',
  body: z.object({ ids: sysMessageIds.min(1) }),
  answer: deletedAnswer,
});
