import { defineContract } from '../contract.ts';
import { cancelAuditBody, nothing } from './schemas.ts';

export const auditCancel = defineContract({
  method: 'POST',
  path: '/admin/order/orders/cancelAudit',
  summary: 'Approve a cancellation (15, refunded) or reject it (16, reason shown)',
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  body: cancelAuditBody,
  answer: nothing,
});
