import type { ModuleDeclaration } from '../../declaration.ts';
import { channelRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [channelRoutes(ctx)] });
