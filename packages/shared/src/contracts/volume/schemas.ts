import { z } from 'zod';
import { pageQuery } from '../common.ts';

/** Orders at volume: batch jobs over a selection, their progress, imports and downloads (docs/api.md). */

/** A selection of orders for a batch job. */
export const batchSelection = z.object({ ids: z.array(z.number().int().positive()).min(1).max(50_000) });

/** A batch label purchase: a given service, or each order's cheapest/fastest. */
export const labelSelection = batchSelection.extend({
  serviceId: z.number().int().positive().optional(),
  strategy: z.enum(['cheapest', 'fastest']).default('cheapest'),
});

/** The answer of a call that starts a job. */
export const jobStarted = z.object({ jobId: z.number() });

/** A job's progress: done, failed, left. */
export const jobView = z.object({
  id: z.number(),
  type: z.string(),
  status: z.string(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  left: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const JOB_ITEM_STATUSES = ['pending', 'done', 'failed'] as const;

export const jobItemsQuery = pageQuery.extend({ status: z.enum(JOB_ITEM_STATUSES).optional() });

/** One order's outcome in a job. */
export const jobItemView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  status: z.enum(JOB_ITEM_STATUSES),
  message: z.string().nullable(),
});
