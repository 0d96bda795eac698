import { z } from 'zod';
import { defineContract } from '../contract.ts';

/**
 * The 503 answers, with the same shape: the database is down, or the instance is stopping (it still serves
 * what it is sent while a load balancer takes it out; see SHUTDOWN_GRACE_SECONDS).
 */
export const healthDown = z.object({ status: z.enum(['down', 'draining']), database: z.string() });

export const checkHealth = defineContract({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database check',
  tags: ['system'],
  access: 'public',
  answer: z.object({ status: z.literal('ok'), database: z.string() }),
});
