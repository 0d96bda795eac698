import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { allotBody } from './schemas.ts';

const allotAt = <P extends string>(path: P) =>
  defineContract({
    method: 'POST',
    path,
    summary: "Set the channels a user may ship with (replaces the user's allotment)",
    tags: ['channels'],
    access: { codes: ['adminChannel'] },
    scope: 'ownCustomers',
    body: allotBody,
    answer: z.null(),
  });

/** Allotments are an account's: staff set them for the accounts they own (the same call under two paths). */
export const allotChannels = allotAt('/admin/channel/allot-channel');
export const staffAllotChannels = allotAt('/staff/channel/allot-channel');
