import type { Locale } from '@parcelport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { localeOf } from '../../i18n/messages.ts';
import { notFoundPageHtml, trackingPageHtml } from './page-html.ts';
import { pageLogo, pageOrder, publicTracking } from './public-page.ts';

/**
 * `/t/<publicId>`: a label's public tracking page, rendered here as one small HTML document (no sign-in,
 * no web-app bundle), and `/t/<publicId>/logo`, the brand's logo. Outside /api like /docs: these are pages,
 * not API calls (the same data as JSON is the `getPublicTracking` contract). Both are rate limited per
 * client; any id that shows nothing gets the same 404 page.
 */

/** `?lang=` (the page's switch) first, then the browser's Accept-Language, zh-CN by default. */
export function pageLocale(request: FastifyRequest): Locale {
  const lang = (request.query as { lang?: unknown }).lang;
  if (lang === 'en-US' || lang === 'zh-CN') return lang;
  return localeOf(request.headers['accept-language']);
}

export function trackingPageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const limited = {
      schema: { hide: true },
      config: { rateLimit: { max: ctx.config.trackingPageRateLimit, timeWindow: '1 minute' } },
    };
    app.get<{ Params: { publicId: string } }>('/t/:publicId', limited, async (request, reply) => {
      const locale = pageLocale(request);
      reply.header('cache-control', 'no-store').header('vary', 'accept-language').type('text/html; charset=utf-8');
      const order = await pageOrder(ctx.db, request.params.publicId);
      if (!order) return reply.code(404).send(notFoundPageHtml(locale));
      const { view } = await publicTracking(ctx.db, request.params.publicId, order, locale);
      return reply.header('content-language', locale).send(trackingPageHtml(view, locale));
    });
    app.get<{ Params: { publicId: string } }>('/t/:publicId/logo', limited, async (request, reply) => {
      const logo = await pageLogo(ctx, request.params.publicId);
      if (!logo) return reply.code(404).type('text/plain').send('Not found');
      return reply.type(logo.mime).header('cache-control', 'public, max-age=3600').send(logo.bytes);
    });
  };
}
