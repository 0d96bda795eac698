import type { ModuleDeclaration } from '../../declaration.ts';
import { addressRoutes } from './address-routes.ts';
import { followParcelNews } from './follow-parcels.ts';
import { orderRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [orderRoutes(ctx), addressRoutes(ctx)],
  hooks: { parcelNews: followParcelNews },
});
