/** Lifetimes an API key can be made with, in days (or none: it never expires). */
export const API_KEY_LIFETIMES = [30, 90, 365] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number] | null;

/** Live API keys a user may hold at once. */
export const MAX_API_KEYS = 20;
