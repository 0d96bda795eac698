import type { AppContext } from '../context.ts';
import { createUpstreamClient } from '../outbound/client.ts';
import type { UpstreamClient } from '../outbound/types.ts';
import { guardedFetch } from './guarded-fetch.ts';
import { storeGate } from './quota.ts';
import { shopOrigin } from './shopify/oauth.ts';
import { shopifyComplaint } from './shopify/wire.ts';
import type { StoreConnection } from './types.ts';
import { wooComplaint } from './woocommerce/wire.ts';

/** Every store call's limit: the platforms answer in well under a second; a page of 250 orders may take longer. */
const STORE_TIMEOUT_MS = 20_000;

/**
 * Where and how a Shopify shop is called: its `/admin` (the versioned GraphQL path is the adapter's), the
 * offline token in `X-Shopify-Access-Token` (none yet while the code is exchanged), Shopify's error words,
 * and the token and the app's secret kept out of the log.
 */
export function shopifyConnection(origin: string, token: string, clientSecret: string) {
  return {
    baseUrl: `${origin}/admin`,
    authorize: (): Record<string, string> => (token ? { 'X-Shopify-Access-Token': token } : {}),
    errorOf: shopifyComplaint,
    secrets: [token, clientSecret].filter(Boolean),
  };
}

/**
 * A store's HTTP client: its platform's base address and credentials, its quota, the API log (the store
 * named on each record), and the credentials never written there.
 */
export async function storeClient(ctx: AppContext, store: StoreConnection): Promise<UpstreamClient> {
  const common = {
    channelId: null,
    storeId: store.id,
    timeoutMs: STORE_TIMEOUT_MS,
    log: ctx.apiLog,
    gate: storeGate(store.id, store.platform),
  };
  const { credentials } = store;
  if (store.platform === 'shopify') {
    const app = (await ctx.settings.current()).shopify;
    return createUpstreamClient({
      ...common,
      ...shopifyConnection(shopOrigin(app.shopOrigin, store.account), credentials.accessToken ?? '', app.clientSecret),
    });
  }
  const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
  return createUpstreamClient({
    ...common,
    baseUrl: `${store.account}/wp-json/wc/v3`,
    fetch: guardedFetch(ctx.config.storeAllowedHosts),
    authorize: () => ({ authorization: `Basic ${basic}` }),
    errorOf: wooComplaint,
    secrets: [credentials.consumerKey, credentials.consumerSecret, credentials.webhookSecret, basic].filter(
      (secret): secret is string => Boolean(secret),
    ),
  });
}
