import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, SERVICE_DESK, workOrderDetailView } from './schemas.ts';

export const closeMyWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'POST',
  path: '/app/workOrder/:id(^\\d+)/close',
  summary: 'Close a work order being processed (after confirmation in the app)',
  params: idParams,
  answer: workOrderDetailView,
});

export const closeServiceWorkOrder = defineContract({
  ...SERVICE_DESK,
  method: 'POST',
  path: '/admin/workOrder/:id(^\\d+)/close',
  summary: 'Close a work order being processed (after confirmation in the app)',
  params: idParams,
  answer: workOrderDetailView,
});
