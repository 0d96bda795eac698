import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { memberView, TEAM_CALLS, updateMemberBody } from './schemas.ts';

export const updateMember = defineContract({
  ...TEAM_CALLS,
  method: 'PUT',
  path: '/app/team/members/:id(^\\d+)',
  summary: "Change a member's permissions: the member's next call has them",
  signInOnly: true,
  params: idParams,
  body: updateMemberBody,
  answer: memberView,
});
