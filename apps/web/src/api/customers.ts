import { pathOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/customers/index';
import * as employees from '@parcelport/shared/contracts/employees/index';
import type { z } from 'zod';
import { call } from './call';

/** Customers in full, employees, sellers, proxies and overseas warehouses (docs/api.md). */

export type CustomerUpdateInput = z.input<typeof contracts.customerUpdateBody>;
export type CustomerRegisterInput = z.input<typeof contracts.customerRegisterBody>;
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

export const updateCustomer = (id: number, body: CustomerUpdateInput) =>
  call(contracts.updateCustomer, { params: { id }, body });
export const deleteCustomer = (id: number) => call(contracts.deleteCustomer, { params: { id } });
export const registerCustomer = (body: CustomerRegisterInput) => call(contracts.registerCustomer, { body });
export const CUSTOMER_EXPORT = pathOf(contracts.exportCustomers);

export const allSellers = () => call(contracts.allSellers, {});
export type SellerRow = z.output<typeof contracts.sellerView>;
/** Sellers with their invitation code and customers' count (a seller gets only itself). */
export const listSellers = (query: Paging & { keyword?: string | undefined }) =>
  call(contracts.listSellers, { query: { ...query } });

export const listProxies = (query: Paging & Period & { keyword?: string }) =>
  call(contracts.listProxies, { query: { ...query } });
export const updateProxy = (id: number, body: z.input<typeof contracts.proxyUpdateBody>) =>
  call(contracts.updateProxy, { params: { id }, body });
export const listProxyCustomers = (query: Paging & Period & { proxyId?: number; keyword?: string }) =>
  call(contracts.listProxyCustomers, { query: { ...query } });

export const listWarehouses = (query: Paging & Period & { keyword?: string }) =>
  call(contracts.listWarehouseUsers, { query: { ...query } });
export const WAREHOUSE_EXPORT = pathOf(contracts.exportWarehouseUsers);
export const listWarehouseMerchants = (id: number, period: Period) =>
  call(contracts.listWarehouseMerchants, { params: { id }, query: { ...period } });

export type EmployeeRegisterInput = z.input<typeof employees.employeeRegisterBody>;
export const registerEmployee = (body: EmployeeRegisterInput) => call(employees.registerEmployee, { body });
export const updateEmployee = (id: number, body: z.input<typeof employees.employeeUpdateBody>) =>
  call(employees.updateEmployee, { params: { id }, body });
export const deleteEmployee = (id: number) => call(employees.deleteEmployee, { params: { id } });
export const EMPLOYEE_EXPORT = pathOf(employees.exportEmployees);

/** Customers for a picker, matching the keyword (account, name or company). */
export const pickCustomers = (keyword: string) =>
  call(contracts.pickCustomers, { query: { ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } });
