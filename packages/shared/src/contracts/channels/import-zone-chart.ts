import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const importZoneChart = defineContract({
  method: 'POST',
  path: '/admin/channel/zone-chart',
  summary: 'Import a USPS-style zone chart (xlsx or csv: origin ZIP3 or range, destination ZIP3 or range, zone)',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  body: 'multipart',
  answer: z.object({ pairs: z.number(), origins: z.number() }),
});
