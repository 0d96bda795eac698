import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { allotBody } from './schemas.ts';

/**
 * The channels an account may ship with, set whole (the account's allotment replaced). docs/spec.md §7 names
 * the call in both families, and §6 keeps them apart: the admin family's is the carrier managers'
 * (adminChannel) for the customers they own; the staff family's belongs to employee management (staffList)
 * and sets an employee's own allotment (what its account quotes and buys with), for employees only.
 */
export const allotChannels = defineContract({
  method: 'POST',
  path: '/admin/channel/allot-channel',
  summary: "Set the channels a user may ship with (replaces the user's allotment)",
  tags: ['channels'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  body: allotBody,
  answer: z.null(),
});

export const staffAllotChannels = defineContract({
  method: 'POST',
  path: '/staff/channel/allot-channel',
  summary:
    "Set the channels an employee may ship with (replaces the employee's allotment); 404 for an account that is not an employee in reach",
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  body: allotBody,
  answer: z.null(),
});
