import type { ModuleDeclaration } from '../../declaration.ts';
import { apiLogRoutes } from './routes.ts';
import { pruneApiLogSweep } from './service.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [apiLogRoutes(ctx)], pruning: [pruneApiLogSweep] });
