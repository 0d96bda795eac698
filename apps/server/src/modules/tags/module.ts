import type { ModuleDeclaration } from '../../declaration.ts';
import { addOrderTags, tagsOfOrders } from './repo.ts';
import { tagRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [tagRoutes(ctx)],
  hooks: { orderTags: { add: addOrderTags, of: tagsOfOrders } },
});
