import { z } from 'zod';
import { CARRIER_CODES } from '../../orders.ts';
import { queryId } from '../common.ts';
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

/** A channel as an allotment offers it: enough to choose it (no settings, health or webhook). */
export const allotmentChoiceView = z.object({
  id: z.number(),
  name: z.string(),
  carrierCode: z.enum(CARRIER_CODES),
  status: z.number().describe('1 enabled, 0 disabled'),
  isDemo: z.boolean(),
  services: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AllotmentChoice = z.output<typeof allotmentChoiceView>;

export const employeeAllotmentView = z.object({
  /** Every channel, in the carriers screen's order, to choose from. */
  channels: z.array(allotmentChoiceView),
  /** The channels the employee has now. */
  channelIds: z.array(z.number()),
});
export type EmployeeAllotment = z.output<typeof employeeAllotmentView>;

/**
 * What POST /staff/channel/allot-channel edits, read by whoever may call it: an employee's channels and every
 * channel to choose from (the channel list itself is the carrier managers', adminChannel).
 */
export const staffUserChannels = defineContract({
  method: 'GET',
  path: '/staff/channel/user-channel',
  summary:
    "An employee's allotted channel ids with every channel to choose from; 404 for an account that is not an employee in reach",
  tags: ['staff'],
  access: { codes: ['staffList'] },
  scope: 'ownCustomers',
  query: z.object({ userId: queryId() }),
  answer: employeeAllotmentView,
});
