import * as contracts from '@parcelport/shared/contracts/stores/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../core/errors.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { connectWooCommerce, finishShopifyInstall, startShopifyInstall } from './connect.ts';
import { shopifyEvent, wooCommerceEvent } from './events.ts';
import { ownStore, staffStores, storeOrdersPage } from './repo.ts';
import { backgroundSyncs, disconnectStore, myStores, syncOwnStore } from './service.ts';
import { staffStoreViewOf, storeOrderViewOf } from './views.ts';

/** Query values as text (a repeated parameter counts by its first value), for the callback's signature. */
function textQuery(query: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      String(Array.isArray(value) ? value[0] : value),
    ]),
  );
}

function textHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}

/** Online stores (docs/stores.md): the merchant's own, the platforms' callbacks and webhooks, staff's list. */
export function storeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', async () => {
      await Promise.allSettled([...backgroundSyncs]);
    });

    bind(app, contracts.listStores, (request) => myStores(ctx, authOf(request)));
    bind(app, contracts.connectShopify, (request) => startShopifyInstall(ctx, authOf(request), request.body));
    bind(app, contracts.shopifyCallback, async (request, reply) =>
      reply.redirect(await finishShopifyInstall(ctx, textQuery(request.query))),
    );
    bind(app, contracts.connectWooCommerce, (request) => connectWooCommerce(ctx, authOf(request), request.body));
    bind(app, contracts.syncStore, (request) => syncOwnStore(ctx, authOf(request), request.params.id));
    bind(app, contracts.listStoreOrders, async (request) => {
      const { userId, keyMode } = authOf(request);
      if (!(await ownStore(ctx.db, userId, request.params.id))) throw notFound();
      // A store's orders are live orders, of another mode than a test key's (each mode sees only its own).
      const { rows, total } =
        keyMode === 'test' ? { rows: [], total: 0 } : await storeOrdersPage(ctx.db, request.params.id, request.query);
      const locale = localeOf(request.headers['accept-language']);
      return {
        list: rows.map((row) => storeOrderViewOf(row, locale)),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    });
    bind(app, contracts.disconnectStore, (request) => disconnectStore(ctx, authOf(request), request.params.id));
    bind(app, contracts.listAllStores, async (request) => {
      const { rows, total } = await staffStores(ctx.db, scopeOf(request), request.query);
      return { list: rows.map(staffStoreViewOf), total, page: request.query.page, pageSize: request.query.pageSize };
    });

    // The stores' webhooks: the body is read raw, since its signature is over the bytes sent.
    await app.register(async (hook) => {
      // WooCommerce's creation ping is a form: it too is taken as text here, not parsed by formbody.
      hook.removeContentTypeParser('application/x-www-form-urlencoded');
      hook.addContentTypeParser(
        ['application/json', 'application/x-www-form-urlencoded'],
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      bind(hook, contracts.shopifyWebhook, async (request) => {
        await shopifyEvent(ctx, textHeaders(request.headers), String(request.body ?? ''));
        return null;
      });
      bind(hook, contracts.wooCommerceWebhook, async (request) => {
        await wooCommerceEvent(ctx, request.params.id, textHeaders(request.headers), String(request.body ?? ''));
        return null;
      });
    });
  };
}
