import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { serviceChangesBody } from './schemas.ts';

export const updateService = defineContract({
  method: 'POST',
  path: '/admin/channel/updateMixSet',
  summary: "Change a carrier service's name, status or rating settings",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'any',
  body: serviceChangesBody,
  answer: z.null(),
});
