/**
 * Connecting a store (docs/stores.md): Shopify's install flow (its page, then the signed callback with the
 * state begun here) and WooCommerce's REST keys (checked with the store before anything is kept); both set
 * the store's webhooks and start its first sync.
 */
import { randomBytes } from 'node:crypto';
import { pathOf } from '@parcelport/shared/contracts/contract';
import {
  type ConnectShopifyBody,
  type ConnectWooCommerceBody,
  type StorePlatform,
  shopifyCallback,
  shopifyWebhook,
  wooCommerceWebhook,
} from '@parcelport/shared/contracts/stores/index';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import { checkWebhookTarget, TargetRefused } from '../../outbound/target.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { storeClient } from '../../stores/client.ts';
import { storeAdapter } from '../../stores/registry.ts';
import { shopWeightUnit } from '../../stores/shopify/adapter.ts';
import { exchangeCode, installUrl, shopOrigin } from '../../stores/shopify/oauth.ts';
import { validCallbackHmac } from '../../stores/shopify/wire.ts';
import type { StoreConnection, StoreCredentials } from '../../stores/types.ts';
import { siteWeightUnit } from '../../stores/woocommerce/adapter.ts';
import { complaintOf, connectionOf, sealedCredentials } from './connection.ts';
import { insertStore, liveStoreAt, storeByOauthState, updateStore } from './repo.ts';
import { syncInBackground, viewOf } from './service.ts';

/** How long a Shopify install may wait for the merchant's approval. */
const INSTALL_WINDOW_MS = 15 * 60_000;
const apiAddress = (ctx: AppContext, path: string) => `${ctx.config.publicUrl.replace(/\/+$/, '')}/api${path}`;
/** A store of another account at the same address refuses the connection; the merchant's own is reused. */
async function reusableStore(ctx: AppContext, auth: Auth, platform: StorePlatform, account: string, field: string) {
  const live = await liveStoreAt(ctx.db, platform, account);
  if (live && Number(live.user_id) !== auth.userId) throw invalidFields({ [field]: 'storeTaken' });
  return live;
}

/** Step 1 of Shopify's install: a store waiting for approval, and the install page to send the browser to. */
export async function startShopifyInstall(ctx: AppContext, auth: Auth, body: ConnectShopifyBody) {
  const app = (await ctx.settings.current()).shopify;
  if (!app.clientId || !app.clientSecret) throw new AppError(422, 'shopifyNotConfigured');
  const live = await reusableStore(ctx, auth, 'shopify', body.shop, 'shop');
  const state = randomBytes(16).toString('hex');
  const waiting = { oauth_state: state, oauth_started_at: Date.now(), name: body.name };
  if (live) await updateStore(ctx.db, Number(live.id), waiting);
  else
    await insertStore(
      ctx.db,
      { userId: auth.userId, platform: 'shopify', name: body.name, account: body.shop, status: 'connecting' },
      waiting,
    );
  const redirect = apiAddress(ctx, pathOf(shopifyCallback));
  return { authorizeUrl: installUrl(shopOrigin(app.shopOrigin, body.shop), app.clientId, redirect, state) };
}

/** Where the merchant lands after Shopify's install page (a path of the web app). */
export type InstallLanding = '/authSuccess' | '/authAccepted' | `/authDeclined?reason=${string}`;

/**
 * Step 2: Shopify sends the merchant back. The callback must be signed with the app's secret and carry the
 * state of an install begun here within the window, for the shop it names; then the code is exchanged for
 * the shop's token, kept sealed, and the webhooks are set.
 */
export async function finishShopifyInstall(ctx: AppContext, query: Record<string, string>): Promise<InstallLanding> {
  const app = (await ctx.settings.current()).shopify;
  // Only a refusal may come unsigned (it connects nothing); its state must still be one begun here.
  const declined = Boolean(query.error) && !query.code;
  if (!declined && !validCallbackHmac(query, app.clientSecret)) return '/authDeclined?reason=signature';
  const store = query.state ? await storeByOauthState(ctx.db, query.state) : undefined;
  if (
    store?.platform !== 'shopify' ||
    store.account !== query.shop ||
    (store.oauth_started_at ?? 0) < Date.now() - INSTALL_WINDOW_MS
  )
    return '/authDeclined?reason=state';
  const id = Number(store.id);
  // A state answers one callback.
  await updateStore(ctx.db, id, { oauth_state: null });
  if (declined || !query.code) {
    if (store.status === 'connecting')
      await updateStore(ctx.db, id, { status: 'disconnected', disconnected_at: Date.now() });
    return '/authDeclined?reason=declined';
  }
  const bare: StoreConnection = { ...connectionOf(ctx, { ...store, credentials: '' }), credentials: {} };
  let connection: StoreConnection;
  try {
    const accessToken = await exchangeCode(await storeClient(ctx, bare), app, query.code);
    connection = { ...bare, credentials: { accessToken } };
    const client = await storeClient(ctx, connection);
    const weightUnit = await shopWeightUnit(client);
    await updateStore(ctx.db, id, {
      status: 'active',
      credentials: sealedCredentials(ctx, connection.credentials),
      weight_unit: weightUnit,
      last_error: null,
      disconnected_at: null,
    });
  } catch (error) {
    await updateStore(ctx.db, id, { last_error: complaintOf(error) });
    return '/authDeclined?reason=store';
  }
  const hooked = await setWebhooks(ctx, id, connection, apiAddress(ctx, pathOf(shopifyWebhook)));
  syncInBackground(ctx, id);
  return hooked ? '/authSuccess' : '/authAccepted';
}

/** Registers the store's webhooks; false (the complaint kept on the store) when the store refused them. */
async function setWebhooks(ctx: AppContext, id: number, connection: StoreConnection, address: string) {
  try {
    const ids = await storeAdapter(connection.platform).registerWebhooks(
      await storeClient(ctx, connection),
      connection,
      address,
    );
    await updateStore(ctx.db, id, { webhooks: JSON.stringify(ids) });
    return true;
  } catch (error) {
    await updateStore(ctx.db, id, { last_error: complaintOf(error) });
    return false;
  }
}

/**
 * Connects a WooCommerce store with its REST keys: the site must be a public address (or one the operator
 * allows), and the keys must work (its system status is read) before anything is kept.
 */
export async function connectWooCommerce(ctx: AppContext, auth: Auth, body: ConnectWooCommerceBody) {
  try {
    await checkWebhookTarget(body.siteUrl, ctx.config.storeAllowedHosts);
  } catch (error) {
    if (error instanceof TargetRefused)
      throw invalidFields({ siteUrl: error.reason === 'address' ? 'storeAddressRefused' : 'urlInvalid' });
    throw error;
  }
  const live = await reusableStore(ctx, auth, 'woocommerce', body.siteUrl, 'siteUrl');
  const credentials: StoreCredentials = {
    consumerKey: body.consumerKey,
    consumerSecret: body.consumerSecret,
    webhookSecret: randomBytes(24).toString('hex'),
  };
  const trial: StoreConnection = {
    id: live ? Number(live.id) : 0,
    platform: 'woocommerce',
    account: body.siteUrl,
    credentials,
    weightUnit: 'kg',
  };
  let weightUnit: string;
  try {
    weightUnit = await siteWeightUnit(await storeClient(ctx, trial));
  } catch (error) {
    const reason = complaintOf(error);
    if (error instanceof UpstreamError && (error.kind === 'auth' || error.details.status === 404))
      throw new AppError(400, 'storeKeysRefused', { fields: { consumerKey: 'storeKeysRefused' } }, { reason });
    throw new AppError(502, 'storeUnreachable', null, { reason });
  }
  const row = {
    status: 'active',
    name: body.name,
    credentials: sealedCredentials(ctx, credentials),
    weight_unit: weightUnit,
    last_error: null,
    disconnected_at: null,
  };
  let id: number;
  if (live) {
    id = Number(live.id);
    await updateStore(ctx.db, id, row);
  } else
    id = await insertStore(
      ctx.db,
      { userId: auth.userId, platform: 'woocommerce', name: body.name, account: body.siteUrl, status: 'active' },
      row,
    );
  await setWebhooks(ctx, id, { ...trial, id }, apiAddress(ctx, pathOf(wooCommerceWebhook, { id })));
  syncInBackground(ctx, id);
  return viewOf(ctx, auth, id);
}
