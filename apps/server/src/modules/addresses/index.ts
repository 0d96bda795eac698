/** The face of modules/addresses: what other rooms may use of it (docs/architecture.md). */
export { addressCheckRoutes } from './routes.ts';
export { addressStatus, checkAddress, issuesNote } from './validate.ts';
