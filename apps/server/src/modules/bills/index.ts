/** The face of modules/bills: what other rooms may use of it (docs/architecture.md). */
export { declareModule } from './module.ts';
export { BILL_REPORT_TASK, billReportTask } from './reports.ts';
export { billRoutes } from './routes.ts';
