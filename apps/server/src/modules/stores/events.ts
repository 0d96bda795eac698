/** The stores' webhooks (docs/stores.md "Webhooks"): each verified with its platform's signature, then acted on. */
import type { AppContext } from '../../context.ts';
import { invalidFields, notFound } from '../../core/errors.ts';
import { storeClient } from '../../stores/client.ts';
import { storeAdapter } from '../../stores/registry.ts';
import { validWebhookHmac } from '../../stores/shopify/wire.ts';
import type { StoreEvent } from '../../stores/types.ts';
import { validWebhookSignature } from '../../stores/woocommerce/wire.ts';
import { connectionOf, storeFailed } from './connection.ts';
import { liveStoreAt, type StoreRow, storeById } from './repo.ts';
import { forget } from './service.ts';
import { importPage } from './sync.ts';

/** Shopify's webhook (one address for every shop): signed with the app's secret, for an active store. */
export async function shopifyEvent(ctx: AppContext, headers: Record<string, string | undefined>, rawBody: string) {
  const app = (await ctx.settings.current()).shopify;
  if (!validWebhookHmac(rawBody, app.clientSecret, headers['x-shopify-hmac-sha256']))
    throw invalidFields({ signature: 'webhookSignature' });
  const store = await liveStoreAt(ctx.db, 'shopify', (headers['x-shopify-shop-domain'] ?? '').toLowerCase());
  if (store?.status !== 'active') return;
  await onEvent(ctx, store, { topic: headers['x-shopify-topic'] ?? '', rawBody });
}

/** A WooCommerce store's webhook: its creation ping is taken, anything else must carry the store's signature. */
export async function wooCommerceEvent(
  ctx: AppContext,
  id: number,
  headers: Record<string, string | undefined>,
  rawBody: string,
) {
  const store = await storeById(ctx.db, id);
  if (store?.platform !== 'woocommerce' || store.status !== 'active') throw notFound();
  if (!headers['x-wc-webhook-signature'] && /^webhook_id=\d+$/.test(rawBody.trim())) return;
  const secret = connectionOf(ctx, store).credentials.webhookSecret ?? '';
  if (!validWebhookSignature(rawBody, secret, headers['x-wc-webhook-signature']))
    throw invalidFields({ signature: 'webhookSignature' });
  await onEvent(ctx, store, { topic: headers['x-wc-webhook-topic'] ?? '', rawBody });
}

async function onEvent(ctx: AppContext, store: StoreRow, delivery: { topic: string; rawBody: string }) {
  const connection = connectionOf(ctx, store);
  let event: StoreEvent;
  try {
    event = await storeAdapter(connection.platform).eventOf(await storeClient(ctx, connection), connection, delivery);
  } catch (error) {
    throw await storeFailed(ctx, store, error);
  }
  if (event.kind === 'uninstalled') await forget(ctx, Number(store.id), null);
  if (event.kind === 'order')
    await importPage(ctx, store, [event.order], { imported: 0, updated: 0, incomplete: 0, unchanged: 0, failed: 0 });
}
