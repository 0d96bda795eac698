/** Customers in full, sellers, proxies and overseas-warehouse accounts (issue 13). */
export * from './customers.ts';
export * from './proxies.ts';
export * from './schemas.ts';
export * from './sellers.ts';
export * from './warehouses.ts';
