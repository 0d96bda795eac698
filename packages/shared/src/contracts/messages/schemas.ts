import { z } from 'zod';

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const messageView = z.object({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  content: z.string(),
  status: z.number().describe('0 unread, 1 read'),
  time: z.string(),
});
export type UserMessage = z.output<typeof messageView>;
