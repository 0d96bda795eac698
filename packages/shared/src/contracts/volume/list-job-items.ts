import { idParams, pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { jobItemsQuery, jobItemView } from './schemas.ts';

export const listJobItems = defineContract({
  method: 'GET',
  path: '/app/jobs/:id/items',
  summary: "A job's outcomes per order (status=failed lists the failures with reasons)",
  keyArea: 'labels',
  tags: ['batch'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  query: jobItemsQuery,
  answer: pageOf(jobItemView),
});
