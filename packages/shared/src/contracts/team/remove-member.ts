import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { TEAM_CHANGES } from './schemas.ts';

export const removeMember = defineContract({
  ...TEAM_CHANGES,
  method: 'DELETE',
  path: '/app/team/members/:id(^\\d+)',
  summary: "Remove a member: the member's sessions end at once and the account is disabled",
  params: idParams,
  answer: z.null(),
});
