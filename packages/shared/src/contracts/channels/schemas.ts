import { z } from 'zod';
import { CARRIER_CODES } from '../../orders.ts';
import { changesOf, idListQuery, wholeNumber } from '../common.ts';

const settings = z.record(z.string(), z.unknown()).default({});

export const channelBody = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  platformCode: z.string().trim().min(1, 'fieldRequired'),
  carrierCode: z.enum(CARRIER_CODES),
  settings,
  autoAllot: z.boolean().default(false),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.number().int().default(0),
});
export type ChannelInput = z.input<typeof channelBody>;

export const serviceBody = z.object({
  channelId: z.number().int().positive(),
  code: z.string().trim().min(1, 'fieldRequired').max(60),
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  carrierCode: z.enum(CARRIER_CODES),
  settings,
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.number().int().default(0),
});
export type ServiceInput = z.input<typeof serviceBody>;

export const serviceChangesBody = changesOf(serviceBody.omit({ channelId: true, code: true })).extend({
  serviceId: z.number().int().positive(),
});

// docs/api.md: channel and platform lists are fetched with page 1 and page size 9999999.
export const wideQuery = z.object({
  page: wholeNumber(z.number().int().min(1)).default(1),
  pageSize: wholeNumber(z.number().int().min(1)).default(9_999_999),
});

export const servicesOfChannelsQuery = z.object({
  ids: idListQuery,
  channelStatus: wholeNumber(z.number().int()).optional(),
});

/** A carrier service of a channel (settings: the platform's rating settings, money in cents). */
export const carrierServiceView = z.object({
  id: z.number(),
  channelId: z.number(),
  code: z.string(),
  name: z.string(),
  carrierCode: z.enum(CARRIER_CODES),
  status: z.number().describe('1 enabled, 0 disabled'),
  settings: z.record(z.string(), z.unknown()),
  sort: z.number(),
});
export type CarrierService = z.output<typeof carrierServiceView>;

/** A channel: a carrier platform with its account settings, the services it offers and how many users have it. */
export const channelView = z.object({
  id: z.number(),
  name: z.string(),
  platformCode: z.string(),
  carrierCode: z.enum(CARRIER_CODES),
  status: z.number(),
  /** The account settings; a secret one (an API key) is never sent back: it is '' here and named in `secretsSet`. */
  settings: z.record(z.string(), z.unknown()),
  secretsSet: z.array(z.string()),
  /**
   * How its upstream API is doing, as every instance sees it: paused by the circuit breaker until
   * `pausedUntil`, or its credentials refused since `authFailedAt` with the carrier's words.
   */
  health: z.object({
    pausedUntil: z.string().nullable(),
    failures: z.number(),
    authFailedAt: z.string().nullable(),
    authError: z.string(),
  }),
  /** Where its carrier pushes tracking (to enter at the carrier), for a platform that takes pushes; else null. */
  webhookUrl: z.string().nullable(),
  isDemo: z.boolean(),
  autoAllot: z.boolean(),
  sort: z.number(),
  users: z.number(),
  services: z.array(carrierServiceView),
});
export type Channel = z.output<typeof channelView>;

export const codeName = z.object({ code: z.string(), name: z.string() });

/** One setting of a platform as its form shows it (drawn from the adapter's settings schema). */
export const settingField = z.object({
  name: z.string(),
  /** `secret`: write-only text; `cents`: money in dollars on screen, cents stored; `strings`: a list of texts. */
  type: z.enum(['text', 'secret', 'url', 'choice', 'integer', 'number', 'cents', 'strings', 'boolean']),
  required: z.boolean(),
  default: z.unknown().optional(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  /** The field's label and help in the web app's messages (`carriers.setting.<label>`). */
  label: z.string(),
});
export type SettingField = z.output<typeof settingField>;

/** A carrier platform: its settings forms, and whether it prices from the platform's own rate tables. */
export const platformView = codeName.extend({
  channelSettings: z.array(settingField),
  serviceSettings: z.array(settingField),
  usesRatingData: z.boolean(),
});
export type Platform = z.output<typeof platformView>;

/** One cell of a rate table: the price of a weight bracket (up to maxOz) in a zone. */
export const rateCellView = z.object({ zone: z.number(), maxOz: z.number(), price: z.string() });
export type RateCell = z.output<typeof rateCellView>;

export const zoneQuery = z.object({ origin: z.string().regex(/^\d{5}$/), destination: z.string().regex(/^\d{5}$/) });
export const zoneView = z.object({
  zone: z.number(),
  source: z.enum(['chart', 'distance']),
  miles: z.number().nullable(),
});
export type ZoneAnswer = z.output<typeof zoneView>;

export const allotBody = z.object({
  userId: z.number().int().positive(),
  channelIds: z.array(z.number().int().positive()),
});

export const userAllotmentView = z.object({
  userId: z.number(),
  username: z.string(),
  channelIds: z.array(z.number()),
});
export type UserAllotment = z.output<typeof userAllotmentView>;

/** A carrier service the signed-in user may ship with. */
export const myServiceView = z.object({
  channelId: z.number(),
  channelName: z.string(),
  serviceId: z.number(),
  serviceCode: z.string(),
  serviceName: z.string(),
  carrierCode: z.string(),
});
export type MyService = z.output<typeof myServiceView>;
