import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, replyInput, SERVICE_DESK, workOrderDetailView } from './schemas.ts';

export const replyToMyWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'POST',
  path: '/app/workOrder/:id(^\\d+)/reply',
  summary: 'Reply to a work order being processed',
  params: idParams,
  body: replyInput,
  answer: workOrderDetailView,
});

export const replyToServiceWorkOrder = defineContract({
  ...SERVICE_DESK,
  method: 'POST',
  path: '/admin/workOrder/:id(^\\d+)/reply',
  summary: 'Reply to a work order being processed',
  params: idParams,
  body: replyInput,
  answer: workOrderDetailView,
});
