import { defineContract, FILE_ANSWER } from '../contract.ts';
import { userLogQuery } from './schemas.ts';

export const exportUserLogs = defineContract({
  method: 'GET',
  path: '/admin/user-logs/down',
  summary: 'The user log as xlsx, with the same filters as GET /admin/user-logs, newest first',
  tags: ['maintenance'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: userLogQuery.omit({ page: true, pageSize: true }),
  answer: FILE_ANSWER,
});
