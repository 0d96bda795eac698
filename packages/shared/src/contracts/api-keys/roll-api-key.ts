import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { createdApiKeyView, OWNER_IN_PERSON, rollApiKeyInput } from './schemas.ts';

export const rollApiKey = defineContract({
  ...OWNER_IN_PERSON,
  method: 'POST',
  path: '/app/user/apiKey/:id(^\\d+)/roll',
  summary:
    'Roll an API key: a new secret with the same name, areas and addresses, answered this once; the old secret keeps working for the overlap, then stops',
  params: idParams,
  body: rollApiKeyInput,
  answer: createdApiKeyView,
});
