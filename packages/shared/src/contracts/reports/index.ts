/** The statistics of docs/spec.md §7 (issue 13). */
export * from './schemas.ts';
export * from './statistics.ts';
export * from './workplace.ts';
