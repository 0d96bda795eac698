import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { registerBody } from './schemas.ts';

export const register = defineContract({
  method: 'POST',
  path: '/user/register',
  summary:
    'Register a customer account (inactive until an administrator activates it); never says whether the address is registered',
  tags: ['user'],
  access: 'public',
  body: registerBody,
  answer: z.null(),
});
