import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { MESSAGE_TYPES, messageView } from './schemas.ts';

export const listMessages = defineContract({
  method: 'GET',
  path: '/user/messages',
  summary: 'My newest 100 messages, unread first',
  tags: ['messages'],
  access: 'signedIn',
  scope: 'own',
  query: z.object({ type: z.enum(MESSAGE_TYPES).optional() }),
  answer: z.array(messageView),
});
