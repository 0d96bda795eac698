import * as contracts from '@parcelport/shared/contracts/messages/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { seesMoney } from '../../core/caller.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { listMessages, markMessagesRead } from './repo.ts';
import { listTodos } from './todos-repo.ts';

/** The navbar message box: the newest messages by type, mark-as-read, and the work waiting for staff. */
export function messageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const readerOf = (request: FastifyRequest) => {
      const auth = authOf(request);
      return { userId: auth.userId, seesMoney: seesMoney(auth) };
    };
    bind(app, contracts.listMessages, (request) =>
      listMessages(ctx.db, readerOf(request), localeOf(request.headers['accept-language']), request.query.type),
    );
    bind(app, contracts.markMessagesRead, async (request) => {
      await markMessagesRead(ctx.db, readerOf(request), request.body.ids);
      return null;
    });
    bind(app, contracts.listTodos, (request) => listTodos(ctx.db, authOf(request).codes, scopeOf(request)));
  };
}
