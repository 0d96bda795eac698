import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { memberView, TEAM_CHANGES, updateMemberBody } from './schemas.ts';

export const updateMember = defineContract({
  ...TEAM_CHANGES,
  method: 'PUT',
  path: '/app/team/members/:id(^\\d+)',
  summary: "Change a member's permissions: the member's next call has them",
  params: idParams,
  body: updateMemberBody,
  answer: memberView,
});
