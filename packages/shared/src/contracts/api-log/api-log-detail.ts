import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { apiLogDetail } from './schemas.ts';

export const apiLogEntry = defineContract({
  method: 'GET',
  path: '/admin/maintenance/apiLog/:id(^\\d+)',
  summary: 'One API log record with the (redacted) request and answer bodies',
  tags: ['maintenance'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  answer: apiLogDetail,
});
