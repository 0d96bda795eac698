import type { ModuleDeclaration } from '../../declaration.ts';
import { ORDER_JOB_HANDLERS } from './batch.ts';
import { batchRoutes } from './batch-routes.ts';
import { downloadRoutes } from './download-routes.ts';
import { importRoutes } from './import-routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [batchRoutes(ctx), downloadRoutes(ctx), importRoutes(ctx)],
  jobs: ORDER_JOB_HANDLERS,
});
