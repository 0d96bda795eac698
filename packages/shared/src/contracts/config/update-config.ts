import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { configUpdateBody } from './schemas.ts';

export const updateConfig = defineContract({
  method: 'POST',
  path: '/admin/config/update',
  summary: 'Change a configuration value (e.g. exchangeRate)',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  body: configUpdateBody,
  answer: z.null(),
});
