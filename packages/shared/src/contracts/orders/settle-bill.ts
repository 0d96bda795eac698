import { defineContract } from '../contract.ts';
import { billedBody, billedView } from './schemas.ts';

export const settleBill = defineContract({
  method: 'POST',
  path: '/admin/order/billed',
  summary:
    "Settle an order with the carrier's bill: deduction (+5 USD penalty for wrong size/weight) or refund, earnest released",
  tags: ['orders'],
  // Settling moves platform money (a refund or a charge): the carrier desk's or finance's work, not every
  // desk that reads waybills (a seller or customer service).
  access: { codes: ['adminChannel', 'adminBalanceList'] },
  scope: 'ownCustomers',
  body: billedBody,
  answer: billedView,
});
