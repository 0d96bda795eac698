import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const login = defineContract({
  method: 'POST',
  path: '/admin/login',
  summary: 'Sign in',
  description:
    '`encryptData` is base64 of RSA-OAEP (SHA-256) over the JSON `{"username","password"}`, with the key from `/api/admin/publicKey`.',
  tags: ['auth'],
  access: 'public',
  body: z.object({ encryptData: z.string().min(1) }),
  answer: z.object({ token: z.string() }),
});
