import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

/** A refused sheet answers 400 with `{ errors: [{ row, column, message }] }` (1-based row and column). */
export const importRates = defineContract({
  method: 'POST',
  path: '/admin/channel/service/:id/rates',
  summary:
    'Import a rate table (xlsx or csv: header "weight, Zone 1, Zone 2, …", a row per weight bracket); errors name row and column',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  body: 'multipart',
  answer: z.object({ rows: z.number(), zones: z.array(z.number()) }),
});
