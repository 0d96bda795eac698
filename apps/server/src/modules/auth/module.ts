import type { ModuleDeclaration } from '../../declaration.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { authRoutes } from './routes.ts';
import { revokeUserSessions } from './sessions-repo.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [authRoutes(ctx), apiKeyRoutes(ctx)],
  // A changed password or a closed account ends the user's sessions (not the one they are in, not API keys).
  hooks: { credentialsChanged: (trx, change) => revokeUserSessions(trx, change.userId, change.keepSession) },
});
