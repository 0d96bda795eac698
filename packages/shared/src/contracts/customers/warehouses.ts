import { z } from 'zod';
import { idParams, pageOf } from '../common.ts';
import { defineContract, FILE_ANSWER } from '../contract.ts';
import {
  warehouseExportQuery,
  warehouseListQuery,
  warehouseMerchantsQuery,
  warehouseMerchantView,
  warehouseView,
} from './schemas.ts';

/**
 * Overseas-warehouse users (docs/spec.md §2 /adminSettings/overseasWarehouseUser): accounts holding the
 * overseasWarehouse role, which ship for many merchants from their own sender addresses.
 */
export const listWarehouseUsers = defineContract({
  method: 'GET',
  path: '/admin/pageOWUser',
  summary:
    'Overseas-warehouse accounts with their sender addresses and, in the period, labels, spend and distinct merchants',
  tags: ['overseas warehouses'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: warehouseListQuery,
  answer: pageOf(warehouseView),
});

export const exportWarehouseUsers = defineContract({
  method: 'GET',
  path: '/admin/overSeasDown',
  summary: 'The overseas-warehouse list as xlsx, with the same filters',
  tags: ['overseas warehouses'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: warehouseExportQuery,
  answer: FILE_ANSWER,
});

export const listWarehouseMerchants = defineContract({
  method: 'GET',
  path: '/admin/pageOWUser/:id(^\\d+)/merchants',
  summary:
    'The merchants an overseas warehouse shipped for in the period (the sender names on its labels), most labels first, 200 at most',
  tags: ['overseas warehouses'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  params: idParams,
  query: warehouseMerchantsQuery,
  answer: z.array(warehouseMerchantView),
});
