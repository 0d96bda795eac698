/** Orders at volume: batch jobs and their progress, downloads, imports (docs/api.md). */
export * from './cancel-job.ts';
export * from './download-labels-pdf.ts';
export * from './download-labels-zip.ts';
export * from './download-manifest.ts';
export * from './download-packing-slips.ts';
export * from './export-orders.ts';
export * from './get-job.ts';
export * from './import-orders.ts';
export * from './import-template.ts';
export * from './list-import-fields.ts';
export * from './list-job-items.ts';
export * from './read-sheet-headers.ts';
export * from './schemas.ts';
export * from './staff-batch-labels.ts';
export * from './start-batch-estimate.ts';
export * from './start-batch-labels.ts';
