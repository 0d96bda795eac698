/**
 * A merchant's API keys (Settings → API): the key itself is never listed, only its prefix; the answer that
 * made a key is the only time the full key is shown. The shapes are the contracts'.
 */

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
export type { ApiKey, CreatedApiKey } from '@parcelport/shared/contracts/api-keys/schemas';

export const API_KEYS_KEY = 'apiKeys';
