/** The face of modules/access: what other rooms may use of it (docs/architecture.md). */

export { assertRolesHeld } from './held.ts';
export { declareModule } from './module.ts';
export {
  activeHoldersOf,
  assertAnAdministratorRemains,
  countActiveAdministrators,
  rolesByIds,
  rolesOfUsers,
  seedAccess,
} from './repo.ts';
export { accessRoutes } from './routes.ts';
