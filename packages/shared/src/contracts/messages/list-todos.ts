import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** The kinds of work that wait for staff, each reached by the code that lists it (docs/api.md). */
export const TODO_KINDS = ['registration', 'recharge', 'cancellation', 'dispute', 'claim', 'workOrder'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export const todoView = z.object({
  kind: z.enum(TODO_KINDS),
  count: z.number().int().positive().describe('How many wait'),
  oldest: z.string().describe('ISO time since when the oldest has waited'),
  path: z.string().describe('The screen where they are handled'),
});
export type TodoItem = z.output<typeof todoView>;

/** Whoever holds one of these codes has some kind of waiting work to be told of. */
export const TODO_CODES = [
  'adminList',
  'adminRechargeList',
  'orderList',
  'adminChannel',
  'adminClaimList',
  'adminQuestionList',
] as const;

export const listTodos = defineContract({
  method: 'GET',
  path: '/admin/todos',
  summary:
    'The work waiting for me: registrations to activate (adminList), recharges to approve (adminRechargeList), cancellations to audit (orderList), bill disputes to decide (adminChannel), insurance claims to review, decide or pay (adminClaimList), work orders waiting for an answer (adminQuestionList); each kind with its count, since when the oldest waits and its screen. Kinds with nothing waiting are left out; a seller counts only its customers',
  tags: ['messages'],
  access: { codes: TODO_CODES },
  scope: 'ownCustomers',
  answer: z.array(todoView),
});
