import { defineContract } from '../contract.ts';
import { jobStarted, labelSelection } from './schemas.ts';

export const staffBatchLabels = defineContract({
  method: 'POST',
  path: '/admin/order/label/batchCreate',
  summary: "Staff buy labels for any customers' orders, each charged to its owner",
  keyArea: 'labels',
  tags: ['batch'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  body: labelSelection,
  answer: jobStarted,
});
