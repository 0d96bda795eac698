import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { memberView, TEAM_CALLS } from './schemas.ts';

export const listMembers = defineContract({
  ...TEAM_CALLS,
  method: 'GET',
  path: '/app/team/members',
  summary: "The merchant's team members, invited and active",
  answer: z.array(memberView),
});
