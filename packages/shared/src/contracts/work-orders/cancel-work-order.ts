import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { CUSTOMER_DESK, workOrderDetailView } from './schemas.ts';

export const cancelMyWorkOrder = defineContract({
  ...CUSTOMER_DESK,
  method: 'POST',
  path: '/app/workOrder/:id(^\\d+)/cancel',
  summary: 'Cancel a work order being processed (the merchant only)',
  params: idParams,
  answer: workOrderDetailView,
});
