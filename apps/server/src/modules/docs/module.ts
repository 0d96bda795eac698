import type { ModuleDeclaration } from '../../declaration.ts';
import { docsRoutes } from './routes.ts';

export const declareModule: ModuleDeclaration = () => ({ pages: [docsRoutes] });
