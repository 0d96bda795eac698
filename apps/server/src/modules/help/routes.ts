import * as contracts from '@parcelport/shared/contracts/help/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import * as help from './service.ts';

/** The help centre (/helpCenter, /wordView) and the articles' editing for staff (adminSysMessageList). */
export function helpRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const languageOf = (request: FastifyRequest) => localeOf(request.headers['accept-language']);
    const editorOf = (request: FastifyRequest) => authOf(request).actorId ?? authOf(request).userId;
    bind(app, contracts.searchArticles, (request) => help.searchArticles(ctx, request.query, languageOf(request)));
    bind(app, contracts.readArticle, (request) => help.readArticle(ctx, request.params.slug, languageOf(request)));
    bind(app, contracts.listArticles, () => help.listArticles(ctx));
    bind(app, contracts.createArticle, (request) => help.createArticle(ctx, request.body, editorOf(request)));
    bind(app, contracts.updateArticle, (request) =>
      help.updateArticle(ctx, request.params.id, request.body, editorOf(request)),
    );
    bind(app, contracts.deleteArticle, (request) => help.deleteArticle(ctx, request.params.id));
  };
}
