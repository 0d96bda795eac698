import { defineContract } from '../contract.ts';
import { inviteMemberBody, memberView, TEAM_CALLS } from './schemas.ts';

export const inviteMember = defineContract({
  ...TEAM_CALLS,
  method: 'POST',
  path: '/app/team/members',
  summary: 'Invite a member by e-mail with permissions: a link to set a password is mailed',
  signInOnly: true,
  body: inviteMemberBody,
  answer: memberView,
});
