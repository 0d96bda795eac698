import { defineContract, FILE_ANSWER } from '../contract.ts';
import { periodQuery, workplaceFigures } from './schemas.ts';

/** The merchant's workplace: its own daily spend and labels, drafts, labels in flight, open work orders. */
export const ownWorkplace = defineContract({
  method: 'GET',
  path: '/app/workplace',
  summary: "The caller's labels and spend per day of the period, drafts, labels in flight, open work orders",
  tags: ['statistics'],
  access: 'signedIn',
  scope: 'own',
  query: periodQuery,
  answer: workplaceFigures,
});

/** The staff workplace: the same figures over every account in reach (a seller: its customers). */
export const staffWorkplace = defineContract({
  method: 'GET',
  path: '/admin/workplace',
  summary: 'The workplace figures over every account in reach: platform totals, or the customers of a seller',
  tags: ['statistics'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: periodQuery,
  answer: workplaceFigures,
});

/** The financial report as a workbook: totals, days, days per seller, sellers. */
export const exportStatistics = defineContract({
  method: 'GET',
  path: '/admin/statistics/down',
  summary: 'The statistics of the period as xlsx: totals, per day, per day and seller, per seller',
  tags: ['statistics'],
  access: { codes: ['adminList'] },
  scope: 'ownCustomers',
  query: periodQuery,
  answer: FILE_ANSWER,
});
