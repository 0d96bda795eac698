import { defineContract } from '../contract.ts';
import { inviteMemberBody, memberView, TEAM_CHANGES } from './schemas.ts';

export const inviteMember = defineContract({
  ...TEAM_CHANGES,
  method: 'POST',
  path: '/app/team/members',
  summary: 'Invite a member by e-mail with permissions: a link to set a password is mailed',
  body: inviteMemberBody,
  answer: memberView,
});
