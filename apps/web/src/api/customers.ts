import { pathOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/customers/index';
import * as employees from '@parcelport/shared/contracts/employees/index';
import type { z } from 'zod';

/** Customers in full, employees, sellers, proxies and overseas warehouses (docs/api.md). */

export type ProxyRow = contracts.ProxyRow;
export type WarehouseRow = contracts.WarehouseRow;
/** A period filter: ISO dates, `from` inclusive, `to` exclusive. */
export interface Period {
  from?: string;
  to?: string;
}
export interface Paging {
  page: number;
  pageSize: number;
}
export const CUSTOMER_EXPORT = pathOf(contracts.exportCustomers);
export type SellerRow = z.output<typeof contracts.sellerView>;
export const WAREHOUSE_EXPORT = pathOf(contracts.exportWarehouseUsers);

export const EMPLOYEE_EXPORT = pathOf(employees.exportEmployees);
