import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { userLogQuery, userLogView } from './schemas.ts';

export const listUserLogs = defineContract({
  method: 'GET',
  path: '/admin/user-logs',
  summary: 'User log: changing calls with actor (staff acting as a user) and subject',
  tags: ['maintenance'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: userLogQuery,
  answer: pageOf(userLogView),
});
