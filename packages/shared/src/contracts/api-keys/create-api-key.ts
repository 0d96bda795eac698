import { MAX_API_KEYS } from '../../api-keys.ts';
import { defineContract } from '../contract.ts';
import { apiKeyInput, createdApiKeyView, OWNER_IN_PERSON } from './schemas.ts';

export const createApiKey = defineContract({
  ...OWNER_IN_PERSON,
  method: 'POST',
  path: '/app/user/apiKey',
  summary: `Make an API key (at most ${MAX_API_KEYS} live); the key is answered this once only`,
  body: apiKeyInput,
  answer: createdApiKeyView,
});
