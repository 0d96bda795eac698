/** The API log (docs/spec.md §2 /maintenance/apiLog): every attempt of a call to a carrier's API. */
export * from './api-log-detail.ts';
export * from './list-api-logs.ts';
export * from './schemas.ts';
