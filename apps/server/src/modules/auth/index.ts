/** The face of modules/auth: what other rooms may use of it (docs/architecture.md). */
export { apiKeyRoutes } from './api-key-routes.ts';
export { touchApiKey } from './api-keys-repo.ts';
export { Identities } from './identities.ts';
export { loadLoginKey } from './login-key.ts';
export { declareModule } from './module.ts';
export { authRoutes } from './routes.ts';
export type { SessionRow } from './sessions.ts';
export { createSession, rotateSession } from './sessions.ts';
export { revokeUserSessions } from './sessions-repo.ts';
