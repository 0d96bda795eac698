/** Settings → API: a merchant's API keys. */
export * from './create-api-key.ts';
export * from './list-api-keys.ts';
export * from './revoke-api-key.ts';
export * from './roll-api-key.ts';
export * from './schemas.ts';
