import { CARRIER_CODES } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformCodes } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { zoneBetween } from '../../geo/zones.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, idListQuery, ok } from '../../http/envelope.ts';
import { invalidFields, notFound } from '../../http/errors.ts';
import { idParams, queryId, wholeNumber } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { SHEET_LIMITS, sheetOf } from '../../http/sheet-upload.ts';
import { localeOf } from '../../i18n/messages.ts';
import { allAllotments, allotChannels, allottedChannelIds } from './allotments.ts';
import { allottedServices } from './repo.ts';
import {
  createChannel,
  createService,
  deleteChannel,
  importRates,
  importZoneChart,
  updateChannel,
  updateService,
} from './service.ts';

const access = { codes: ['adminChannel'] };
/** Channels, services, rate tables and zones belong to the platform, not to an account. */
const platform = { access, scope: 'any' } as const;
/** Allotments are an account's: staff set and read them for the accounts they own. */
const allotments = { access, scope: 'ownCustomers' } as const;
const settings = z.record(z.string(), z.unknown()).default({});
const channelBody = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  platformCode: z.string().trim().min(1, 'fieldRequired'),
  carrierCode: z.enum(CARRIER_CODES),
  settings,
  autoAllot: z.boolean().default(false),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.number().int().default(0),
});
const serviceBody = z.object({
  channelId: z.number().int().positive(),
  code: z.string().trim().min(1, 'fieldRequired').max(60),
  name: z.string().trim().min(1, 'fieldRequired').max(100),
  carrierCode: z.enum(CARRIER_CODES),
  settings,
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.number().int().default(0),
});
// SPEC §7: channel and platform lists are fetched with page 1 and page size 9999999.
const wideQuery = z.object({
  page: wholeNumber(z.number().int().min(1)).default(1),
  pageSize: wholeNumber(z.number().int().min(1)).default(9_999_999),
});

/** Carrier management (SPEC §7 Channels): channels, their services, rate tables, zone charts, allotments. */
export function channelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const channelsWithServices = async (status?: number) => {
      const [channels, services, allotments] = await Promise.all([
        ctx.db
          .selectFrom('channels')
          .selectAll()
          .$if(status !== undefined, (qb) => qb.where('status', '=', status as number))
          .orderBy('sort')
          .orderBy('id')
          .execute(),
        ctx.db.selectFrom('carrier_services').selectAll().orderBy('sort').orderBy('id').execute(),
        ctx.db
          .selectFrom('user_channels')
          .select((eb) => ['channel_id', eb.fn.countAll<number>().as('users')])
          .groupBy('channel_id')
          .execute(),
      ]);
      return channels.map((channel) => ({
        id: channel.id,
        name: channel.name,
        platformCode: channel.platform_code,
        carrierCode: channel.carrier_code,
        status: channel.status,
        settings: JSON.parse(channel.settings) as Record<string, unknown>,
        isDemo: channel.is_demo === 1,
        autoAllot: channel.auto_allot === 1,
        sort: channel.sort,
        users: Number(allotments.find((row) => row.channel_id === channel.id)?.users ?? 0),
        services: services
          .filter((service) => service.channel_id === channel.id)
          .map((service) => ({
            id: service.id,
            channelId: service.channel_id,
            code: service.code,
            name: service.name,
            carrierCode: service.carrier_code,
            status: service.status,
            settings: JSON.parse(service.settings) as Record<string, unknown>,
            sort: service.sort,
          })),
      }));
    };

    app.get(
      '/admin/channel/channel-platform',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Carrier platforms (adapters) a channel can use',
          querystring: wideQuery,
        },
      },
      async () => ok({ list: platformCodes().map((code) => ({ code, name: code })), total: platformCodes().length }),
    );

    app.get(
      '/admin/channel/channel-carrier',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Carriers a platform can issue labels for',
          querystring: z.object({ channelPlatformId: z.string().optional() }),
        },
      },
      async () => ok(CARRIER_CODES.map((code) => ({ code, name: code }))),
    );

    app.get(
      '/admin/channel/channel',
      {
        config: platform,
        schema: { tags: ['channels'], summary: 'Channels with their services', querystring: wideQuery },
      },
      async (request) => {
        const all = await channelsWithServices();
        const { page, pageSize } = request.query;
        return ok({ list: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
      },
    );

    app.get(
      '/admin/channel/getAllChannel',
      { config: platform, schema: { tags: ['channels'], summary: 'Every channel with its services' } },
      async () => ok(await channelsWithServices()),
    );

    app.get(
      '/admin/channel/getChannelThree',
      { config: platform, schema: { tags: ['channels'], summary: 'Tree: platform → channel → service' } },
      async () => {
        const channels = await channelsWithServices();
        return ok(
          platformCodes().map((code) => ({
            code,
            channels: channels.filter((channel) => channel.platformCode === code),
          })),
        );
      },
    );

    app.get(
      '/admin/channel/getChannelOneLevel/:id',
      { config: platform, schema: { tags: ['channels'], summary: "A channel's services", params: idParams } },
      async (request) => {
        const channel = (await channelsWithServices()).find((c) => c.id === request.params.id);
        if (!channel) throw notFound('channelNotFound');
        return ok(channel.services);
      },
    );

    app.get(
      '/admin/channel/getServiceByChannelIds',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Services of the given channels (channelStatus=1: enabled channels only)',
          querystring: z.object({
            ids: idListQuery,
            channelStatus: wholeNumber(z.number().int()).optional(),
          }),
        },
      },
      async (request) => {
        const ids = request.query.ids;
        const channels = await channelsWithServices(request.query.channelStatus);
        return ok(channels.filter((channel) => ids.includes(channel.id)).flatMap((channel) => channel.services));
      },
    );

    app.post(
      '/admin/channel/create',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Create a channel',
          body: channelBody,
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
      },
      async (request) => ok({ id: await createChannel(ctx.db, request.body) }),
    );

    app.post(
      '/admin/channel/update/:id',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Change a channel',
          params: idParams,
          body: channelBody.partial(),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await updateChannel(ctx.db, request.params.id, request.body);
        return ok(null);
      },
    );

    app.post(
      '/admin/channel/enable/:id',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Enable (1) or disable (0) a channel',
          params: idParams,
          body: z.object({ status: z.union([z.literal(0), z.literal(1)]) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await updateChannel(ctx.db, request.params.id, { status: request.body.status });
        return ok(null);
      },
    );

    app.post(
      '/admin/channel/delete/:id',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Delete a channel that has no orders',
          params: idParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await deleteChannel(ctx.db, request.params.id);
        return ok(null);
      },
    );

    app.post(
      '/admin/channel/createNew',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'Create a carrier service in a channel',
          body: serviceBody,
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
      },
      async (request) => ok({ id: await createService(ctx.db, request.body) }),
    );

    app.post(
      '/admin/channel/updateMixSet',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: "Change a carrier service's name, status or rating settings",
          body: serviceBody
            .omit({ channelId: true, code: true })
            .partial()
            .extend({ serviceId: z.number().int().positive() }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        const { serviceId, ...changes } = request.body;
        await updateService(ctx.db, serviceId, changes);
        return ok(null);
      },
    );

    app.get(
      '/admin/channel/service/:id/rates',
      {
        config: platform,
        schema: { tags: ['channels'], summary: "A ratecard service's rate table", params: idParams },
      },
      async (request) => {
        const rows = await ctx.db
          .selectFrom('rate_tables')
          .select(['zone', 'max_oz', 'price_cents'])
          .where('service_id', '=', request.params.id)
          .orderBy('max_oz')
          .orderBy('zone')
          .execute();
        return ok(
          rows.map((row) => ({ zone: row.zone, maxOz: row.max_oz, price: (row.price_cents / 100).toFixed(2) })),
        );
      },
    );

    app.post(
      '/admin/channel/service/:id/rates',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary:
            'Import a rate table (xlsx or csv: header "weight, Zone 1, Zone 2, …", a row per weight bracket); errors name row and column',
          params: idParams,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const { filename, bytes } = await sheetOf(await request.file(SHEET_LIMITS).catch(() => undefined));
        return ok(
          await importRates(ctx, request.params.id, filename, bytes, localeOf(request.headers['accept-language'])),
        );
      },
    );

    app.post(
      '/admin/channel/zone-chart',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary:
            'Import a USPS-style zone chart (xlsx or csv: origin ZIP3 or range, destination ZIP3 or range, zone)',
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const { filename, bytes } = await sheetOf(await request.file(SHEET_LIMITS).catch(() => undefined));
        return ok(await importZoneChart(ctx, filename, bytes, localeOf(request.headers['accept-language'])));
      },
    );

    app.get(
      '/admin/zone',
      {
        config: platform,
        schema: {
          tags: ['channels'],
          summary: 'The zone between two ZIPs: from the chart, or estimated from distance',
          querystring: z.object({ origin: z.string().regex(/^\d{5}$/), destination: z.string().regex(/^\d{5}$/) }),
        },
      },
      async (request) => {
        const zone = await zoneBetween(ctx.db, request.query.origin, request.query.destination);
        if (!zone) throw invalidFields({ destination: 'invalidInput' });
        return ok(zone);
      },
    );

    const allotRoute = (url: string) =>
      app.post(
        url,
        {
          config: allotments,
          schema: {
            tags: ['channels'],
            summary: "Set the channels a user may ship with (replaces the user's allotment)",
            body: z.object({ userId: z.number().int().positive(), channelIds: z.array(z.number().int().positive()) }),
            response: { 200: emptyEnvelope },
          },
        },
        async (request) => {
          request.logSubjectId = request.body.userId;
          await allotChannels(ctx.db, scopeOf(request), request.body.userId, request.body.channelIds);
          return ok(null);
        },
      );
    allotRoute('/admin/channel/allot-channel');
    allotRoute('/staff/channel/allot-channel');

    app.get(
      '/admin/user-channel',
      {
        config: allotments,
        schema: {
          tags: ['channels'],
          summary: 'Channel ids allotted to a user',
          querystring: z.object({ userId: queryId() }),
        },
      },
      async (request) => ok(await allottedChannelIds(ctx.db, scopeOf(request), request.query.userId)),
    );

    app.get(
      '/admin/all-user-channel',
      { config: allotments, schema: { tags: ['channels'], summary: 'Every allotment: user and channel ids' } },
      async (request) => ok(await allAllotments(ctx.db, scopeOf(request))),
    );

    app.get(
      '/app/user/channels',
      { config: { scope: 'own' }, schema: { tags: ['channels'], summary: 'The carrier services I may ship with' } },
      async (request) => {
        const services = await allottedServices(ctx.db, authOf(request).userId);
        return ok(
          services.map(({ channel, service }) => ({
            channelId: channel.id,
            channelName: channel.name,
            serviceId: service.id,
            serviceCode: service.code,
            serviceName: service.name,
            carrierCode: service.carrierCode,
          })),
        );
      },
    );
  };
}
