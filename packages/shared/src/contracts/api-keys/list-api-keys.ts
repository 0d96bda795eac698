import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { API_KEY_CALLS, apiKeyView } from './schemas.ts';

export const listApiKeys = defineContract({
  ...API_KEY_CALLS,
  method: 'GET',
  path: '/app/user/apiKey/list',
  summary: 'My live API keys, newest first',
  answer: z.array(apiKeyView),
});
