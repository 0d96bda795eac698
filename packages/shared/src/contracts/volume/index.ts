/** Orders at volume: batch jobs and their progress (docs/api.md). */
export * from './cancel-job.ts';
export * from './get-job.ts';
export * from './list-job-items.ts';
export * from './schemas.ts';
export * from './staff-batch-labels.ts';
export * from './start-batch-estimate.ts';
export * from './start-batch-labels.ts';
