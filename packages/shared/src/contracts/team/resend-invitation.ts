import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { memberView, TEAM_CHANGES } from './schemas.ts';

export const resendInvitation = defineContract({
  ...TEAM_CHANGES,
  method: 'POST',
  path: '/app/team/members/:id(^\\d+)/resend',
  summary: 'Mail a not yet accepted invitation again, with a new link (the old one stops working)',
  params: idParams,
  answer: memberView,
});
