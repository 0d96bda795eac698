import { z } from 'zod';
import { KEY_MODES } from '../../api-keys.ts';
import { idListQuery, pageQuery } from '../common.ts';
import { labelQuery, orderListQuery } from '../orders/schemas.ts';
import { rateChoice } from '../rate-choice.ts';

/** Orders at volume: batch jobs over a selection, their progress, imports and downloads (docs/api.md). */

/** A selection of orders for a batch job. */
export const batchSelection = z.object({ ids: z.array(z.number().int().positive()).min(1).max(50_000) });

/**
 * A batch label purchase: a given service, or a service picked per order by a rate-shopping `choice`
 * (cheapest, fastest, cheapest within N days, cheapest of named carriers); without one, by the order's own
 * choice (set by a rule), else by `strategy` (cheapest or fastest).
 */
export const labelSelection = batchSelection.extend({
  serviceId: z.number().int().positive().optional(),
  strategy: z.enum(['cheapest', 'fastest']).default('cheapest'),
  choice: rateChoice.optional(),
});

/** The answer of a call that starts a job. */
export const jobStarted = z.object({ jobId: z.number() });

/** Where a job stands; the last three are final. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'cancelled', 'failed'] as const;

/** A job's progress: done, failed, left. */
export const jobView = z.object({
  id: z.number(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
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

/** What a download covers: explicit ids, or the order list's filters (status, batch, dates…). */
export const selectionQuery = orderListQuery
  .omit({ page: true, pageSize: true, after: true })
  .extend({ ids: idListQuery.optional() });

/** A selection of labels, each file named by order or tracking number. */
export const labelsSelectionQuery = selectionQuery.extend({ nameBy: labelQuery.shape.nameBy });

/** A manifest of the selected labels, or of one day's (YYYY-MM-DD, today when absent). */
export const manifestQuery = selectionQuery.extend({ date: z.iso.date().optional() });

/** A field a sheet column can be mapped to, with its header in each language. */
export const importFieldView = z.object({ key: z.string(), zh: z.string(), en: z.string() });

/** A sheet's header row, the field each header already matches, and the fields a sheet must have. */
export const sheetHeadersView = z.object({
  headers: z.array(z.string()),
  matched: z.record(z.string(), z.string()),
  required: z.array(z.string()),
});

/** One problem of an import: the sheet row (1 = the header row), the column and the reason. */
export const importErrorView = z.object({
  row: z.number(),
  column: z.string(),
  field: z.string(),
  message: z.string(),
});

/** An import's outcome: valid orders became drafts under `batchNo`; each invalid one is reported. */
export const importResultView = z.object({
  batchNo: z.string(),
  rows: z.number(),
  orders: z.number(),
  created: z.number(),
  examplesSkipped: z
    .number()
    .describe("rows left out because they are the template's examples (remark 'Example: skipped on import')"),
  errors: z.array(importErrorView),
  mode: z
    .enum(KEY_MODES)
    .describe(
      "the drafts' mode (issue 31): test with a test API key, live otherwise; the order lists show a test batch under their test data",
    ),
});

export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobView = z.output<typeof jobView>;
export type JobItem = z.output<typeof jobItemView>;
export type ImportFieldInfo = z.output<typeof importFieldView>;
export type SheetHeaders = z.output<typeof sheetHeadersView>;
export type ImportError = z.output<typeof importErrorView>;
export type ImportResult = z.output<typeof importResultView>;
