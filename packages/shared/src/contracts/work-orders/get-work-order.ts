import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, SERVICE_DESK, workOrderDetailView } from './schemas.ts';

export const getMyWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'GET',
  path: '/app/workOrder/:id(^\\d+)',
  summary: 'A work order with its replies',
  params: idParams,
  answer: workOrderDetailView,
});

export const getServiceWorkOrder = defineContract({
  ...SERVICE_DESK,
  method: 'GET',
  path: '/admin/workOrder/:id(^\\d+)',
  summary: 'A work order with its replies',
  params: idParams,
  answer: workOrderDetailView,
});
