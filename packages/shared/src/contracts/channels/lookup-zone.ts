import { defineContract } from '../contract.ts';
import { zoneQuery, zoneView } from './schemas.ts';

export const lookupZone = defineContract({
  method: 'GET',
  path: '/admin/zone',
  summary: 'The zone between two ZIPs: from the chart, or estimated from distance',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: zoneQuery,
  answer: zoneView,
});
