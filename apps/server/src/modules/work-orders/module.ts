import type { ModuleDeclaration } from '../../declaration.ts';
import { attachmentOnOwnWorkOrder } from './repo.ts';
import { workOrderRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [workOrderRoutes(ctx)],
  // A merchant reads the files on their own work orders, staff replies' attachments included.
  hooks: { fileShare: attachmentOnOwnWorkOrder },
});
