import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';
import { bulkResults } from './schemas.ts';

export const releaseUserEarnest = defineContract({
  method: 'POST',
  path: '/admin/releaseEarnest/:id',
  summary:
    "Release every outstanding temporary deposit of a user's finished orders: the USD amount released and each order's result",
  tags: ['orders'],
  access: { codes: ['orderList'] },
  scope: 'ownCustomers',
  params: idParams,
  answer: z.object({ released: moneyView.describe('USD released in all'), orders: bulkResults }),
});
