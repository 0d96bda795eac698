import * as contracts from '@parcelport/shared/contracts/api-keys/index';
import { call } from './call';

/**
 * A merchant's API keys (Settings → API): the key itself is never listed, only its prefix; the answer that
 * made a key is the only time the full key is shown. The shapes are the contracts'.
 */
export type { ApiKey, CreatedApiKey } from '@parcelport/shared/contracts/api-keys/schemas';

import type { ApiKeyLifetime, KeyArea, KeyMode } from '@parcelport/shared';

export {
  API_KEY_LIFETIMES,
  type ApiKeyLifetime,
  isIpRule,
  KEY_AREAS,
  KEY_MODES,
  KEY_ROLL_OVERLAP_DEFAULT_HOURS,
  type KeyArea,
  type KeyMode,
  MAX_API_KEYS,
} from '@parcelport/shared';

export const API_KEYS_KEY = 'apiKeys';

export const listApiKeys = () => call(contracts.listApiKeys, {});

export const createApiKey = (input: {
  name: string;
  expiresInDays: ApiKeyLifetime;
  mode: KeyMode;
  readOnly: boolean;
  areas: KeyArea[] | null;
  ips: string[] | null;
}) => call(contracts.createApiKey, { body: input });

/** A new secret for the key; the old one works on for `overlapHours`. */
export const rollApiKey = (id: number, overlapHours: number) =>
  call(contracts.rollApiKey, { params: { id }, body: { overlapHours } });

export const revokeApiKey = (id: number) => call(contracts.revokeApiKey, { params: { id } });
