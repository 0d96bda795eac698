import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { acceptInvitationBody } from './schemas.ts';

export const acceptInvitation = defineContract({
  method: 'POST',
  path: '/user/team/accept',
  summary: "Accept a team invitation with its link's token: sets the member's name and password",
  tags: ['team'],
  access: 'public',
  body: acceptInvitationBody,
  answer: z.object({ username: z.string().describe('the address to sign in with') }),
});
