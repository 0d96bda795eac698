import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';
import { zoneQueryBody } from './schemas.ts';

export const queryZone = defineContract({
  method: 'POST',
  path: '/app/zone/query',
  summary:
    'Zone between two ZIPs (chart, or distance-estimated); charged the zone query fee in use (0.10 USD unless changed)',
  tags: ['addresses'],
  access: 'signedIn',
  scope: 'own',
  body: zoneQueryBody,
  answer: z.object({
    zone: z.number(),
    source: z.enum(['chart', 'distance']),
    miles: z.number().nullable(),
    fee: moneyView,
    balanceAfter: moneyView,
  }),
});
