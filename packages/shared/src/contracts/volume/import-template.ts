import { z } from 'zod';
import { LOCALES } from '../../constants.ts';
import { defineContract, FILE_ANSWER } from '../contract.ts';

export const importTemplate = defineContract({
  method: 'GET',
  path: '/app/order/import/template',
  summary: 'The order import template (xlsx) in the chosen language',
  tags: ['import'],
  access: 'signedIn',
  scope: 'own',
  query: z.object({ lang: z.enum(LOCALES).optional() }),
  answer: FILE_ANSWER,
});
