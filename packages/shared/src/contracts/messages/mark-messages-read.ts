import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const markMessagesRead = defineContract({
  method: 'POST',
  path: '/user/messages/read',
  summary: 'Mark messages read: the given ids, or all of mine when ids is empty',
  tags: ['messages'],
  access: 'signedIn',
  scope: 'own',
  body: z.object({ ids: z.array(z.number().int().positive()).default([]) }),
  answer: z.null(),
});
