import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { STAFF, sentListQuery, sentView } from './schemas.ts';

export const listSentSysMessages = defineContract({
  ...STAFF,
  method: 'GET',
  path: '/admin/sysMessage/list',
  summary: 'System messages sent, newest first; keyword over the title',
  query: sentListQuery,
  answer: pageOf(sentView),
});
