import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';

export const cancelJob = defineContract({
  method: 'POST',
  path: '/app/jobs/:id/cancel',
  summary: 'Stop a job: items not yet started are left undone',
  keyArea: 'labels',
  tags: ['batch'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: z.null(),
});
