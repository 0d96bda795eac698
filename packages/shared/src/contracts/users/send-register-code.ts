import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { sendCodeBody } from './schemas.ts';

export const sendRegisterCode = defineContract({
  method: 'POST',
  path: '/user/code/send',
  summary:
    'Mail a registration verification code (answers the same whether or not the address is registered; its owner is told someone tried)',
  tags: ['user'],
  access: 'public',
  body: sendCodeBody,
  answer: z.null(),
});
