import { z } from 'zod';
import { CARRIER_CODES } from '../../orders.ts';
import { defineContract } from '../contract.ts';

export const listCarriers = defineContract({
  method: 'GET',
  path: '/admin/channel/channel-carrier',
  summary: 'Carriers a platform can issue labels for',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: z.object({ channelPlatformId: z.string().optional() }),
  answer: z.array(z.object({ code: z.enum(CARRIER_CODES), name: z.string() })),
});
