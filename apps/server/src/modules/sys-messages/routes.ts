import * as contracts from '@parcelport/shared/contracts/sys-messages/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { deleteSysMessages, inboxOf, listSentMessages, markSysMessagesRead } from './repo.ts';
import { createSysMessage } from './service.ts';

/**
 * System messages: staff write them for everyone, every merchant, every employee or picked users
 * (adminSysMessageList, /admin/sysMessage/…), and each reader has them in the system messages
 * centre (appSysMessageList) with its own read marks.
 */
export function sysMessageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const readerOf = (request: Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      return { userId: auth.userId, kind: auth.kind };
    };

    bind(app, contracts.listSentSysMessages, (request) => listSentMessages(ctx.db, request.query));
    bind(app, contracts.createSysMessage, (request) => {
      const auth = authOf(request);
      return createSysMessage(ctx.db, auth.actorId ?? auth.userId, request.body);
    });
    bind(app, contracts.deleteSysMessages, async (request) => ({
      deleted: await deleteSysMessages(ctx.db, request.body.ids),
    }));
    bind(app, contracts.listMySysMessages, (request) => inboxOf(ctx.db, readerOf(request), request.query));
    bind(app, contracts.markSysMessagesRead, async (request) => ({
      marked: await markSysMessagesRead(ctx.db, readerOf(request), request.body.ids),
    }));
  };
}
