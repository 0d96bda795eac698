/** The face of modules/addresses: what other rooms may use of it (docs/architecture.md). */

export { addressBeforeLabel } from './correction.ts';
export { declareModule } from './module.ts';
export { addressCheckRoutes } from './routes.ts';
export { addressStatus, checkAddress, issuesNote } from './validate.ts';
