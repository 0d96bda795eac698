import { z } from 'zod';
import { API_KEY_LIFETIMES } from '../../api-keys.ts';

/**
 * A merchant's API keys: a key authenticates as `Authorization: Bearer <key>` with the owner's permissions;
 * managing keys needs a signed-in person, not a key.
 */
export const API_KEY_CALLS = { tags: ['api keys'], access: 'signedIn', scope: 'own', signInOnly: true } as const;

/** A key acts as its owner for as long as it lives: only the owner in person makes or revokes one. */
export const OWNER_IN_PERSON = { ...API_KEY_CALLS, notWhileActing: true } as const;

export const apiKeyView = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key'),
  createdAt: z.string(),
  expiresAt: z.string().nullable().describe('null: never expires'),
  lastUsedAt: z.string().nullable().describe('to the minute; null: never used'),
  readOnly: z.boolean().describe('the key may only read: every call that changes something is 403'),
});

export const apiKeyInput = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(60),
  expiresInDays: z
    .union(API_KEY_LIFETIMES.map((days) => z.literal(days)))
    .nullable()
    .default(null)
    .describe(`${API_KEY_LIFETIMES.join(', ')} or null for never`),
  readOnly: z.boolean().default(false).describe('limit the key to reading'),
});

export const createdApiKeyView = apiKeyView.extend({ key: z.string() });

export type ApiKey = z.output<typeof apiKeyView>;
export type CreatedApiKey = z.output<typeof createdApiKeyView>;
export type ApiKeyInput = z.input<typeof apiKeyInput>;
