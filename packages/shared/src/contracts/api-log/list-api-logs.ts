import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { apiLogQuery, apiLogView } from './schemas.ts';

export const listApiLogs = defineContract({
  method: 'GET',
  path: '/admin/maintenance/apiLog',
  summary: 'API log: calls to the carriers’ APIs, one row per attempt, newest first',
  tags: ['maintenance'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: apiLogQuery,
  answer: pageOf(apiLogView),
});
