import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { resetPasswordBody } from './schemas.ts';

export const resetPassword = defineContract({
  method: 'POST',
  path: '/user/password/reset',
  summary: 'Set a new password with a reset link token',
  tags: ['user'],
  access: 'public',
  body: resetPasswordBody,
  answer: z.null(),
});
