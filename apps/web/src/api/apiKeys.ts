import * as contracts from '@parcelport/shared/contracts/api-keys/index';
import { call } from './call';

/**
 * A merchant's API keys (Settings → API): the key itself is never listed, only its prefix; the answer that
 * made a key is the only time the full key is shown. The shapes are the contracts'.
 */
export type { ApiKey, CreatedApiKey } from '@parcelport/shared/contracts/api-keys/schemas';

import type { ApiKeyLifetime } from '@parcelport/shared';

export { API_KEY_LIFETIMES, type ApiKeyLifetime, MAX_API_KEYS } from '@parcelport/shared';

export const API_KEYS_KEY = 'apiKeys';

export const listApiKeys = () => call(contracts.listApiKeys, {});

export const createApiKey = (input: { name: string; expiresInDays: ApiKeyLifetime; readOnly: boolean }) =>
  call(contracts.createApiKey, { body: input });

export const revokeApiKey = (id: number) => call(contracts.revokeApiKey, { params: { id } });
