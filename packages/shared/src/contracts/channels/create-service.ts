import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { serviceBody } from './schemas.ts';

export const createService = defineContract({
  method: 'POST',
  path: '/admin/channel/createNew',
  summary: 'Create a carrier service in a channel',
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  body: serviceBody,
  answer: z.object({ id: z.number() }),
});
