import type { ModuleDeclaration } from '../../declaration.ts';
import { pickupRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [pickupRoutes(ctx)] });
