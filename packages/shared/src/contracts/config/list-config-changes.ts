import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { settingChangesQuery, settingChangeView } from './schemas.ts';

export const listConfigChanges = defineContract({
  method: 'GET',
  path: '/admin/config/changes',
  summary: 'Recorded changes of the settings, newest first; `key` (group.name) for one setting',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  query: settingChangesQuery,
  answer: pageOf(settingChangeView),
});
