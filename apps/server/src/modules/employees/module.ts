import type { ModuleDeclaration } from '../../declaration.ts';
import { employeeRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({ api: [employeeRoutes(ctx)] });
