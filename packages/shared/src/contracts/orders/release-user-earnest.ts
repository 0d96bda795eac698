import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { bulkResults } from './schemas.ts';

export const releaseUserEarnest = defineContract({
  method: 'POST',
  path: '/admin/releaseEarnest/:id',
  summary: "Release every outstanding temporary deposit of a user's finished orders",
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  params: idParams,
  answer: bulkResults,
});
