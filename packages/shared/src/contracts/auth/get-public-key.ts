import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const getPublicKey = defineContract({
  method: 'GET',
  path: '/admin/publicKey',
  summary: 'The RSA public key (SPKI PEM) that login credentials are encrypted with',
  tags: ['auth'],
  access: 'public',
  answer: z.object({ publicKey: z.string() }),
});
