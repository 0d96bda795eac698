import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const logout = defineContract({
  method: 'POST',
  path: '/admin/logout',
  summary: 'Sign out: the token stops working',
  tags: ['auth'],
  access: 'signedIn',
  scope: 'own',
  signInOnly: true,
  answer: z.null(),
});
