import * as contracts from '@parcelport/shared/contracts/site/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { listContacts, replyContact, sendContact, sitePage } from './service.ts';

/** The public site's calls: the contact form (rate limited per client), its answers, the policy texts. */
export function siteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const languageOf = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);
    bind(app, contracts.sendContact, (request) => sendContact(ctx, request.body, languageOf(request), request.ip), {
      config: { rateLimit: { max: ctx.config.contactRateLimit, timeWindow: '1 hour' } },
    });
    bind(app, contracts.listContacts, (request) => listContacts(ctx, request.query));
    bind(app, contracts.replyContact, (request) =>
      replyContact(ctx, request.params.id, request.body.reply, authOf(request).actorId ?? authOf(request).userId),
    );
    bind(app, contracts.sitePage, (request) => sitePage(ctx, request.params.page, languageOf(request)));
  };
}
