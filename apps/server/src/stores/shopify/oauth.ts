/**
 * Shopify's authorization code grant (shopify.dev, "Implement authorization code grant manually"): the
 * install page the merchant is sent to, and the code exchanged for the shop's offline access token.
 */
import { z } from 'zod';
import { readAnswer } from '../../carriers/upstream/answers.ts';
import type { UpstreamClient } from '../../outbound/types.ts';
import { SHOPIFY_SCOPES } from './wire.ts';

/** A shop's address from the operator's template (`https://{shop}`). */
export function shopOrigin(template: string, shop: string): string {
  return template.replaceAll('{shop}', shop).replace(/\/+$/, '');
}

export function installUrl(origin: string, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(`${origin}/admin/oauth/authorize`);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', SHOPIFY_SCOPES.join(','));
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The token exchange's answer (shopify.dev: `access_token`, `scope`), the field we read. */
const grantSchema = z.looseObject({ access_token: z.string().min(1) });

/**
 * The code from the callback for the shop's access token (the client's base is the shop's `/admin`). A
 * code is good for one exchange, so the call is never repeated (a POST of `auth`, not a reading operation):
 * a lost answer fails the install, which the merchant starts again for a new code. An answer without the
 * token fails naming the provider, the operation and the field.
 */
export async function exchangeCode(
  client: UpstreamClient,
  app: { clientId: string; clientSecret: string },
  code: string,
): Promise<string> {
  const answer = await client.send({
    operation: 'auth',
    method: 'POST',
    path: '/oauth/access_token',
    json: { client_id: app.clientId, client_secret: app.clientSecret, code },
  });
  return readAnswer(grantSchema, answer.json, { provider: 'shopify', operation: 'auth' }).access_token;
}
