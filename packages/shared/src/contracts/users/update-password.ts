import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { updatePasswordBody } from './schemas.ts';

export const updatePassword = defineContract({
  method: 'POST',
  path: '/user/updatePassword',
  summary: 'Change my password (8-16 characters)',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  signInOnly: true,
  notWhileActing: true,
  body: updatePasswordBody,
  answer: z.null(),
});
