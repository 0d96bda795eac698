import { z } from 'zod';
import {
  API_KEY_LIFETIMES,
  isIpRule,
  KEY_AREAS,
  KEY_MODES,
  KEY_ROLL_OVERLAP_DEFAULT_HOURS,
  KEY_ROLL_OVERLAP_MAX_HOURS,
  MAX_KEY_IP_RULES,
} from '../../api-keys.ts';

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
  mode: z
    .enum(KEY_MODES)
    .describe('test: test labels and test orders only, no money moved; live: live orders only (docs/api.md)'),
  createdAt: z.string(),
  expiresAt: z.string().nullable().describe('null: never expires'),
  lastUsedAt: z.string().nullable().describe('to the minute; null: never used'),
  readOnly: z.boolean().describe('the key may only read: every call that changes something is 403'),
  areas: z
    .array(z.enum(KEY_AREAS))
    .nullable()
    .describe('the areas the key may call (403 apiKeyArea elsewhere); null: every area'),
  ips: z.array(z.string()).nullable().describe('addresses or CIDR blocks the key may call from; null: any'),
  lastUsedIp: z.string().nullable().describe('the address of the last noted call'),
  rolledAt: z.string().nullable().describe('the key was rolled then: its secret works until expiresAt'),
});

export const apiKeyInput = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(60),
  expiresInDays: z
    .union(API_KEY_LIFETIMES.map((days) => z.literal(days)))
    .nullable()
    .default(null)
    .describe(`${API_KEY_LIFETIMES.join(', ')} or null for never`),
  mode: z
    .enum(KEY_MODES)
    .default('live')
    .describe('test (pp_test_…): test labels and orders only; live (pp_live_…): live ones only'),
  readOnly: z.boolean().default(false).describe('limit the key to reading'),
  areas: z
    .array(z.enum(KEY_AREAS))
    .min(1, 'keyAreasRequired')
    .nullable()
    .default(null)
    .describe(`limit the key to these areas (${KEY_AREAS.join(', ')}); null: every area`),
  ips: z
    .array(z.string().trim().refine(isIpRule, 'ipRuleInvalid'))
    .max(MAX_KEY_IP_RULES)
    .nullable()
    .default(null)
    .describe('limit the key to these IPv4/IPv6 addresses or CIDR blocks; null or empty: any address'),
});

export const rollApiKeyInput = z.object({
  overlapHours: z
    .number()
    .int('wholeNumberInvalid')
    .min(0)
    .max(KEY_ROLL_OVERLAP_MAX_HOURS)
    .default(KEY_ROLL_OVERLAP_DEFAULT_HOURS)
    .describe(`hours the old secret keeps working (0 to ${KEY_ROLL_OVERLAP_MAX_HOURS})`),
});

export const createdApiKeyView = apiKeyView.extend({ key: z.string() });

export type ApiKey = z.output<typeof apiKeyView>;
export type CreatedApiKey = z.output<typeof createdApiKeyView>;
export type ApiKeyInput = z.input<typeof apiKeyInput>;
export type RollApiKeyInput = z.input<typeof rollApiKeyInput>;
