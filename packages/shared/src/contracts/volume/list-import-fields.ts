import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { importFieldView } from './schemas.ts';

export const listImportFields = defineContract({
  method: 'GET',
  path: '/app/order/import/fields',
  summary: 'The fields a sheet column can be mapped to, with their header names',
  tags: ['import'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(importFieldView),
});
