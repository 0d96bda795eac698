import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, SERVICE_DESK, workOrderDetailView } from './schemas.ts';

export const reopenMyWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'POST',
  path: '/app/workOrder/:id(^\\d+)/reopen',
  summary: 'Reopen a closed work order',
  params: idParams,
  answer: workOrderDetailView,
});

export const reopenServiceWorkOrder = defineContract({
  ...SERVICE_DESK,
  method: 'POST',
  path: '/admin/workOrder/:id(^\\d+)/reopen',
  summary: 'Reopen a closed work order',
  params: idParams,
  answer: workOrderDetailView,
});
