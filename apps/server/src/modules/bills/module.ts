import type { ModuleDeclaration } from '../../declaration.ts';
import { collectOwed } from './disputes.ts';
import { BILL_REPORT_TASK, billReportTask } from './reports.ts';
import { billRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [billRoutes(ctx)],
  tasks: { [BILL_REPORT_TASK]: billReportTask },
  // What carrier bills left owed is taken from the money that just arrived (docs/bills.md).
  hooks: {
    topUp: (trx, topUp) =>
      topUp.currency === 'USD' ? collectOwed(trx, topUp.userId, topUp.actorId) : Promise.resolve(),
  },
});
