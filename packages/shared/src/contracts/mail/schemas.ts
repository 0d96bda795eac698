import { z } from 'zod';
import { pageQuery } from '../common.ts';

export const outboxItem = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxItem = z.output<typeof outboxItem>;

export const outboxQuery = pageQuery.extend({ recipient: z.string().optional() });
