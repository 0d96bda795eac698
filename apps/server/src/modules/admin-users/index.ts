/** The face of modules/admin-users: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { adminUserRoutes } from './routes.ts';
export { deleteAccount, exportAccounts, userWithWallets } from './service.ts';
