/** The user log (docs/api.md, /maintenance/userLogs): every changing call, who acted and on whom. */
export * from './export-user-logs.ts';
export * from './list-user-logs.ts';
export * from './schemas.ts';
