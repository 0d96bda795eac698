import { defineContract } from '../contract.ts';
import {
  dailyBySeller,
  dailyQuantity,
  salesTotals,
  sellerCustomerDays,
  sellerPerformance,
  statisticsBody,
} from './schemas.ts';

/** docs/spec.md §7 statistics (POST, read-only): adminList; a seller's figures cover its own customers. */
const STATISTICS = {
  method: 'POST',
  tags: ['statistics'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  readOnly: true,
  body: statisticsBody,
} as const;

export const salesAndOrders = defineContract({
  ...STATISTICS,
  path: '/admin/salesAndOrders',
  summary: 'Labels, sales, buying customers and refunds in the period',
  answer: salesTotals,
});

export const dailyOrderQuantity = defineContract({
  ...STATISTICS,
  path: '/admin/getDailyOrderQuantity',
  summary: 'Labels and sales per day of the period (every day listed, zeros included)',
  answer: dailyQuantity,
});

export const dailyAmountBySeller = defineContract({
  ...STATISTICS,
  path: '/admin/dailyAmountGroupBySeller',
  summary: "Sales per day and seller (the platform's own customers as seller null)",
  answer: dailyBySeller,
});

export const sellerUserDayStatistics = defineContract({
  ...STATISTICS,
  path: '/admin/sellerUserDayStatistics',
  summary: "Labels and sales per day and customer of a seller (sellerId; a seller's call: its own)",
  answer: sellerCustomerDays,
});

export const sellerPerformanceStatistics = defineContract({
  ...STATISTICS,
  path: '/admin/sellerPerformanceStatistics',
  summary: 'Per seller: customers, customers who bought, labels and sales in the period',
  answer: sellerPerformance,
});
