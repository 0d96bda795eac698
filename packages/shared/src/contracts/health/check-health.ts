import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** The answer while the database is down (503), with the same shape. */
export const healthDown = z.object({ status: z.literal('down'), database: z.string() });

export const checkHealth = defineContract({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database check',
  tags: ['system'],
  access: 'public',
  answer: z.object({ status: z.literal('ok'), database: z.string() }),
});
