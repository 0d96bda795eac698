/** The face of modules/team: what other rooms may use of it (docs/architecture.md). */
export { activeMembership, membershipOfMember } from './repo.ts';
export { teamRoutes } from './routes.ts';
