import { http } from './request';

/** An API key as listed (GET /api/app/user/apiKey/list): the key itself is never listed, only its prefix. */
export interface ApiKey {
  id: number;
  name: string;
  /** The first characters of the key ("pp_…"), to tell keys apart. */
  prefix: string;
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
  /** null: never used. */
  lastUsedAt: string | null;
}

/** The answer that made a key: the only time the full key is ever shown. */
export type CreatedApiKey = ApiKey & { key: string };

import type { ApiKeyLifetime } from '@parcelport/shared';

export { API_KEY_LIFETIMES, type ApiKeyLifetime, MAX_API_KEYS } from '@parcelport/shared';

export const API_KEYS_KEY = 'apiKeys';

export function listApiKeys() {
  return http.get<ApiKey[]>('/app/user/apiKey/list');
}

export function createApiKey(input: { name: string; expiresInDays: ApiKeyLifetime }) {
  return http.post<CreatedApiKey>('/app/user/apiKey', input);
}

export function revokeApiKey(id: number) {
  return http.delete<null>(`/app/user/apiKey/${id}`);
}
