/** Liveness and database check. */
export * from './check-health.ts';
