import { defineContract } from '../contract.ts';
import { settingsUpdateBody, settingsView } from './schemas.ts';

export const updateConfig = defineContract({
  method: 'POST',
  path: '/admin/config/update',
  summary: 'Change run-time settings (any of one or more groups), all or none; each change is recorded',
  description:
    'Each setting is checked by its own schema; a 400 names every failing one (`smtp.port`) and nothing is saved. A blank SMTP password keeps the saved one. Every instance uses a new value on its next use.',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  body: settingsUpdateBody,
  answer: settingsView,
});
