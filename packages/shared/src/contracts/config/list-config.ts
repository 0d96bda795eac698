import { defineContract } from '../contract.ts';
import { settingsView } from './schemas.ts';

export const listConfig = defineContract({
  method: 'GET',
  path: '/admin/config/list',
  summary: 'Every run-time setting, grouped, with which were saved and which secrets are set',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  answer: settingsView,
});
