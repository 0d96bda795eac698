/** The face of modules/employees: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { employeeRoutes } from './routes.ts';
