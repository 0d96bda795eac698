/** The face of modules/team: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { activeMembership, membershipOfMember } from './repo.ts';
export { teamRoutes } from './routes.ts';
