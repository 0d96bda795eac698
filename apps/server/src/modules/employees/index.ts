/** The face of modules/employees: what other rooms may use of it (docs/architecture.md). */
export { employeeRoutes } from './routes.ts';
