import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { STAFF, sysMessageInput } from './schemas.ts';

export const createSysMessage = defineContract({
  ...STAFF,
  method: 'POST',
  path: '/admin/sysMessage/create',
  summary: "Send a system message to everyone, every merchant, every employee, or the users picked ('users')",
  body: sysMessageInput,
  answer: z.object({ id: z.number() }),
});
