/** Employees (issue 13). */
export * from './employees.ts';
export * from './schemas.ts';
