import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { configEntryView } from './schemas.ts';

export const listConfig = defineContract({
  method: 'GET',
  path: '/admin/config/list',
  summary: 'System configuration values',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  answer: z.array(configEntryView),
});
