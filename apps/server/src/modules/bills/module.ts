import type { ModuleDeclaration } from '../../declaration.ts';
import { BILL_REPORT_TASK, billReportTask } from './reports.ts';
import { billRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [billRoutes(ctx)],
  tasks: { [BILL_REPORT_TASK]: billReportTask },
});
