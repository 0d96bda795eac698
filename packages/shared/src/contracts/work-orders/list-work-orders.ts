import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, SERVICE_DESK, workOrderListQuery, workOrderView } from './schemas.ts';

export const listMyWorkOrders = defineContract({
  ...CUSTOMER_DESK,
  method: 'GET',
  path: '/app/workOrder/list',
  summary: 'Work orders, the latest changed first; by status, type and keyword',
  query: workOrderListQuery,
  answer: pageOf(workOrderView),
});

export const listServiceWorkOrders = defineContract({
  ...SERVICE_DESK,
  method: 'GET',
  path: '/admin/workOrder/list',
  summary: 'Work orders, the latest changed first; by status, type and keyword',
  query: workOrderListQuery,
  answer: pageOf(workOrderView),
});
