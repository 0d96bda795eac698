import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { platformView, wideQuery } from './schemas.ts';

export const listPlatforms = defineContract({
  method: 'GET',
  path: '/admin/channel/channel-platform',
  summary: 'Carrier platforms (adapters) a channel can use',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  query: wideQuery,
  answer: z.object({ list: z.array(platformView), total: z.number() }),
});
