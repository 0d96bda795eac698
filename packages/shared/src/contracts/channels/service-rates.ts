import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { rateCellView } from './schemas.ts';

export const serviceRates = defineContract({
  method: 'GET',
  path: '/admin/channel/service/:id/rates',
  summary: "A ratecard service's rate table",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  params: idParams,
  answer: z.array(rateCellView),
});
