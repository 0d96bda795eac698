import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { forgotPasswordBody } from './schemas.ts';

export const forgotPassword = defineContract({
  method: 'POST',
  path: '/user/password/forgot',
  summary: 'Mail a single-use password reset link (answers the same whether or not the address exists)',
  tags: ['user'],
  access: 'public',
  body: forgotPasswordBody,
  answer: z.null(),
});
