import * as contracts from '@parcelport/shared/contracts/messages/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { listMessages, markMessagesRead } from './repo.ts';
import { listTodos } from './todos-repo.ts';

/** The navbar message box: the newest messages by type, mark-as-read, and the work waiting for staff. */
export function messageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listMessages, (request) =>
      listMessages(ctx.db, authOf(request).userId, localeOf(request.headers['accept-language']), request.query.type),
    );
    bind(app, contracts.markMessagesRead, async (request) => {
      await markMessagesRead(ctx.db, authOf(request).userId, request.body.ids);
      return null;
    });
    bind(app, contracts.listTodos, (request) => listTodos(ctx.db, authOf(request).codes, scopeOf(request)));
  };
}
