import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineContract } from '../contract.ts';
import { myServiceView } from './schemas.ts';

/** `/admin/user-carrier-sever` (docs/spec.md §7): what a customer's quotes offer, as staff check it. */
export const userServices = defineContract({
  method: 'GET',
  path: '/admin/user-carrier-sever',
  summary:
    "The carrier services a customer may ship with: the enabled services of the enabled channels allotted to them (what the customer's quotes offer)",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  query: z.object({ userId: queryId() }),
  answer: z.array(myServiceView),
});
