import * as contracts from '@parcelport/shared/contracts/channels/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { SHEET_LIMITS, sheetOf } from '../../http/sheet-upload.ts';
import { localeOf } from '../../i18n/messages.ts';
import {
  allAllotments,
  allotChannels,
  allotEmployeeChannels,
  allotmentOfAccount,
  allottedChannelIds,
  employeeAllotment,
  servicesOfAccount,
} from './allotments.ts';
import { rateTable } from './catalogue.ts';
import {
  carriers,
  channelsForStaff,
  channelsPage,
  channelTree,
  createChannel,
  createService,
  deleteChannel,
  importRates,
  importZoneChart,
  myServices,
  platforms,
  servicesOfChannel,
  servicesOfChannels,
  updateChannel,
  updateService,
  zoneOf,
} from './service.ts';

/** Carrier management (docs/api.md, Channels): channels, their services, rate tables, zone charts, allotments. */
export function channelRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const localeOfCall = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);
    const upload = async (request: Parameters<typeof authOf>[0]) =>
      sheetOf(await request.file(SHEET_LIMITS).catch(() => undefined));

    bind(app, contracts.listPlatforms, () => platforms());
    bind(app, contracts.listCarriers, () => carriers());
    bind(app, contracts.listChannels, (request) =>
      channelsPage(ctx.db, ctx.config.publicUrl, request.query.page, request.query.pageSize),
    );
    bind(app, contracts.allChannels, () => channelsForStaff(ctx.db, ctx.config.publicUrl));
    bind(app, contracts.channelTree, () => channelTree(ctx.db, ctx.config.publicUrl));
    bind(app, contracts.channelServices, (request) => servicesOfChannel(ctx.db, request.params.id));
    bind(app, contracts.servicesOfChannels, (request) =>
      servicesOfChannels(ctx.db, request.query.ids, request.query.channelStatus),
    );
    bind(app, contracts.createChannel, async (request) => ({ id: await createChannel(ctx.db, request.body) }));
    bind(app, contracts.updateChannel, async (request) => {
      await updateChannel(ctx.db, request.params.id, request.body);
      return null;
    });
    bind(app, contracts.setChannelStatus, async (request) => {
      await updateChannel(ctx.db, request.params.id, { status: request.body.status });
      return null;
    });
    bind(app, contracts.deleteChannel, async (request) => {
      await deleteChannel(ctx.db, request.params.id);
      return null;
    });
    bind(app, contracts.createService, async (request) => ({ id: await createService(ctx.db, request.body) }));
    bind(app, contracts.updateService, async (request) => {
      const { serviceId, ...changes } = request.body;
      await updateService(ctx.db, serviceId, changes);
      return null;
    });
    bind(app, contracts.serviceRates, (request) => rateTable(ctx.db, request.params.id));
    bind(app, contracts.importRates, async (request) => {
      const { filename, bytes } = await upload(request);
      return importRates(ctx, request.params.id, filename, bytes, localeOfCall(request));
    });
    bind(app, contracts.importZoneChart, async (request) => {
      const { filename, bytes } = await upload(request);
      return importZoneChart(ctx, filename, bytes, localeOfCall(request));
    });
    bind(app, contracts.lookupZone, (request) => zoneOf(ctx.db, request.query.origin, request.query.destination));

    bind(app, contracts.allotChannels, async (request) => {
      request.logSubjectId = request.body.userId;
      await allotChannels(ctx.db, scopeOf(request), request.body.userId, request.body.channelIds);
      return null;
    });
    bind(app, contracts.staffAllotChannels, async (request) => {
      request.logSubjectId = request.body.userId;
      await allotEmployeeChannels(ctx.db, scopeOf(request), request.body.userId, request.body.channelIds);
      return null;
    });
    bind(app, contracts.staffUserChannels, (request) =>
      employeeAllotment(ctx.db, scopeOf(request), request.query.userId),
    );
    bind(app, contracts.userChannelIds, (request) =>
      allottedChannelIds(ctx.db, scopeOf(request), request.query.userId),
    );
    bind(app, contracts.allUserChannels, (request) => allAllotments(ctx.db, scopeOf(request)));
    bind(app, contracts.userChannelsDetail, (request) =>
      allotmentOfAccount(ctx.db, scopeOf(request), request.query.userId),
    );
    bind(app, contracts.userServices, (request) => servicesOfAccount(ctx.db, scopeOf(request), request.query.userId));
    bind(app, contracts.myServices, (request) => myServices(ctx.db, authOf(request).userId));
  };
}
