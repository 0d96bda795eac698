import { z } from 'zod';
import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { OWNER_IN_PERSON } from './schemas.ts';

export const revokeApiKey = defineContract({
  ...OWNER_IN_PERSON,
  method: 'DELETE',
  path: '/app/user/apiKey/:id(^\\d+)',
  summary: 'Revoke an API key: it stops working on every instance at once',
  params: idParams,
  answer: z.null(),
});
