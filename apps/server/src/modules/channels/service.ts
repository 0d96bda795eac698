import { CARRIER_CODES, type Locale } from '@parcelport/shared';
import type { channelBody, serviceBody } from '@parcelport/shared/contracts/channels/schemas';
import { pathOf } from '@parcelport/shared/contracts/contract';
import { carrierWebhook } from '@parcelport/shared/contracts/tracking/carrier-webhook';
import type { z } from 'zod';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import { parseRateTable, parseZoneChart, readSheet, type SheetError } from '../../carriers/ratecard/import.ts';
import { adapterFor, platformCodes } from '../../carriers/registry.ts';
import { keepingSecrets, settingsForm, withoutSecrets } from '../../carriers/settings-form.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { zoneBetween } from '../../geo/zones.ts';
import { translate } from '../../i18n/messages.ts';
import { channelsWithServices } from './catalogue.ts';
import { gateRows } from './gate-repo.ts';
import { replaceRateTable, upsertZoneChart } from './rate-tables-repo.ts';
import { allottedServices, channelHasOrders } from './repo.ts';
import {
  channelPlatform,
  deleteChannelRow,
  insertChannel,
  insertService,
  platformOfService,
  serviceCodeTaken,
  updateChannelRow,
  updateServiceRow,
} from './writes-repo.ts';

/**
 * Settings are checked against their own platform's schema (the adapter's), so a typo cannot break rating
 * or a purchase later; each failing setting is named as `settings.<name>`.
 */
function checkSettings(schema: z.ZodType, settings: Record<string, unknown>): void {
  const parsed = schema.safeParse(settings);
  if (parsed.success) return;
  const fields = Object.fromEntries(
    parsed.error.issues.map((issue) => [['settings', ...issue.path].join('.'), issue.message]),
  );
  const detail = Object.entries(fields)
    .map(([field, message]) => `${field.slice('settings.'.length)}: ${message}`)
    .join('; ');
  throw new AppError(400, 'settingsInvalid', { fields }, { detail });
}

/** The adapter of a platform code, or a 400 naming `platformCode`. */
function platform(code: string): CarrierAdapter {
  const adapter = adapterFor(code);
  if (!adapter) throw invalidFields({ platformCode: 'platformUnknown' });
  return adapter;
}

/** A channel as the contract's body parses it (packages/shared/src/contracts/channels/schemas.ts). */
export type ChannelInput = z.output<typeof channelBody>;

export async function createChannel(db: Db, input: ChannelInput): Promise<number> {
  checkSettings(platform(input.platformCode).channelSettings, input.settings);
  return insertChannel(db, input);
}

export async function updateChannel(db: Db, id: number, changes: Partial<ChannelInput>): Promise<void> {
  const input = { ...changes };
  if (input.platformCode !== undefined || input.settings !== undefined) {
    const current = await channelPlatform(db, id);
    if (!current) throw notFound('channelNotFound');
    // A new platform checks the settings it will use: the new ones, else the ones the channel has.
    const adapter = platform(input.platformCode ?? current.platform_code);
    const stored = JSON.parse(current.settings) as Record<string, unknown>;
    // A secret the form left blank is kept: screens never see it, so they cannot send it back.
    if (input.settings && adapter.code === current.platform_code)
      input.settings = keepingSecrets(adapter.channelSettings, stored, input.settings);
    checkSettings(adapter.channelSettings, input.settings ?? stored);
  }
  if (!(await updateChannelRow(db, id, input))) throw notFound('channelNotFound');
}

export async function deleteChannel(db: Db, id: number): Promise<void> {
  if (await channelHasOrders(db, id)) throw new AppError(409, 'channelInUse');
  if (!(await deleteChannelRow(db, id))) throw notFound('channelNotFound');
}

/** A carrier service as the contract's body parses it (packages/shared/src/contracts/channels/schemas.ts). */
export type ServiceInput = z.output<typeof serviceBody>;

export async function createService(db: Db, input: ServiceInput): Promise<number> {
  const channel = await channelPlatform(db, input.channelId);
  if (!channel) throw invalidFields({ channelId: 'channelNotFound' });
  checkSettings(platform(channel.platform_code).serviceSettings, input.settings);
  if (await serviceCodeTaken(db, input.channelId, input.code)) throw invalidFields({ code: 'serviceCodeTaken' });
  return insertService(db, input);
}

export async function updateService(
  db: Db,
  id: number,
  input: Partial<Omit<ServiceInput, 'channelId' | 'code'>>,
): Promise<void> {
  if (input.settings) {
    const owner = await platformOfService(db, id);
    if (!owner) throw notFound('serviceNotFound');
    checkSettings(platform(owner.platform_code).serviceSettings, input.settings);
  }
  if (!(await updateServiceRow(db, id, input))) throw notFound('serviceNotFound');
}

/** Imports a rate table sheet for a service; on any bad cell nothing changes and every error is listed. */
export async function importRates(ctx: AppContext, serviceId: number, filename: string, bytes: Buffer, locale: Locale) {
  if (!(await platformOfService(ctx.db, serviceId))) throw notFound('serviceNotFound');
  const { rows, errors } = parseRateTable(await readSheet(bytes, filename));
  if (errors.length) throw sheetErrors(errors, locale);
  await ctx.db.transaction().execute((trx) => replaceRateTable(trx, serviceId, rows));
  return { rows: rows.length, zones: [...new Set(rows.map((row) => row.zone))].sort((a, b) => a - b) };
}

/** Imports a zone chart; the pairs it lists replace what was there for them. */
export async function importZoneChart(ctx: AppContext, filename: string, bytes: Buffer, locale: Locale) {
  const { rows, errors } = parseZoneChart(await readSheet(bytes, filename));
  if (errors.length) throw sheetErrors(errors, locale);
  await ctx.db.transaction().execute((trx) => upsertZoneChart(trx, rows));
  return { pairs: rows.length, origins: [...new Set(rows.map((row) => row.origin))].length };
}

/** The refusal of a sheet: every bad cell by row and column, worded in the caller's language. */
function sheetErrors(errors: SheetError[], locale: Locale): AppError {
  return new AppError(400, 'sheetInvalid', {
    errors: errors.slice(0, 200).map(({ row, column, problem, value }) => ({
      row,
      column,
      message: translate(`sheet_${problem}`, locale, { value }),
    })),
  });
}

/** One page of the channels with their services (docs/api.md: the page asks for all of them at once). */
export async function channelsPage(db: Db, publicUrl: string, page: number, pageSize: number) {
  const all = await channelsForStaff(db, publicUrl);
  return { list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}

/** The carrier platforms (adapters) a channel can use, with the forms of their settings. */
export function platforms() {
  const list = platformCodes().map((code) => {
    const adapter = platform(code);
    return {
      code,
      name: code,
      channelSettings: settingsForm(adapter.channelSettings),
      serviceSettings: settingsForm(adapter.serviceSettings),
      usesRatingData: adapter.usesRatingData === true,
    };
  });
  return { list, total: list.length };
}

/**
 * The channels as staff screens show them: their secrets (API keys) never leave the server; a channel
 * whose carrier pushes tracking shows the address to give the carrier (`publicUrl` is this server's).
 */
export async function channelsForStaff(db: Db, publicUrl: string) {
  const [channels, gates] = await Promise.all([channelsWithServices(db), gateRows(db)]);
  const now = Date.now();
  return channels.map((channel) => {
    const adapter = adapterFor(channel.platformCode);
    const gate = gates.get(channel.id);
    const health = {
      pausedUntil: gate && gate.paused_until > now ? isoTime(gate.paused_until) : null,
      failures: gate?.failures ?? 0,
      authFailedAt: gate?.auth_failed_at ? isoTime(gate.auth_failed_at) : null,
      authError: gate?.auth_error ?? '',
    };
    const webhookUrl = adapter?.webhook
      ? `${publicUrl.replace(/\/+$/, '')}/api${pathOf(carrierWebhook, { id: channel.id })}`
      : null;
    return adapter
      ? { ...channel, ...withoutSecrets(adapter.channelSettings, channel.settings), health, webhookUrl }
      : { ...channel, secretsSet: [], health, webhookUrl };
  });
}

/** The carriers a platform can issue labels for. */
export function carriers() {
  return CARRIER_CODES.map((code) => ({ code, name: code }));
}

/** Platform → channel → service. */
export async function channelTree(db: Db, publicUrl: string) {
  const channels = await channelsForStaff(db, publicUrl);
  return platformCodes().map((code) => ({
    code,
    channels: channels.filter((channel) => channel.platformCode === code),
  }));
}

/** A channel's services. */
export async function servicesOfChannel(db: Db, channelId: number) {
  const channel = (await channelsWithServices(db)).find((c) => c.id === channelId);
  if (!channel) throw notFound('channelNotFound');
  return channel.services;
}

/** The services of the given channels (of one status, when given). */
export async function servicesOfChannels(db: Db, ids: number[], channelStatus?: number) {
  const channels = await channelsWithServices(db, channelStatus);
  return channels.filter((channel) => ids.includes(channel.id)).flatMap((channel) => channel.services);
}

/** The zone between two ZIPs: from the chart, or estimated from distance. */
export async function zoneOf(db: Db, origin: string, destination: string) {
  const zone = await zoneBetween(db, origin, destination);
  if (!zone) throw invalidFields({ destination: 'invalidInput' });
  return zone;
}

/** The carrier services a user may ship with, flat. */
export async function myServices(db: Db, userId: number) {
  const services = await allottedServices(db, userId);
  return services.map(({ channel, service }) => ({
    channelId: channel.id,
    channelName: channel.name,
    serviceId: service.id,
    serviceCode: service.code,
    serviceName: service.name,
    carrierCode: service.carrierCode,
  }));
}
