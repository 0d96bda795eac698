/**
 * The screens of customers, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const EmployeeManagement = () =>
  import('./UserManagement').then((page) => ({ default: page.EmployeeManagement }));
export const UserManagement = () => import('./UserManagement');
export const ProxyUser = () => import('./ProxyUser');
export const OverseasWarehouseUser = () => import('./OverseasWarehouseUser');
