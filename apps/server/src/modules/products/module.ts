import type { ModuleDeclaration } from '../../declaration.ts';
import { productRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [productRoutes(ctx)] });
