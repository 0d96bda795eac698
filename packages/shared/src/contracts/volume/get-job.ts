import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { jobView } from './schemas.ts';

export const getJob = defineContract({
  method: 'GET',
  path: '/app/jobs/:id',
  summary: 'Progress of a job: done, failed, left',
  keyArea: 'labels',
  tags: ['batch'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: jobView,
});
