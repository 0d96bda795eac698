import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { memberView, TEAM_CALLS } from './schemas.ts';

export const resendInvitation = defineContract({
  ...TEAM_CALLS,
  method: 'POST',
  path: '/app/team/members/:id(^\\d+)/resend',
  summary: 'Mail a not yet accepted invitation again, with a new link (the old one stops working)',
  signInOnly: true,
  params: idParams,
  answer: memberView,
});
