/**
 * The USPS OAuth access token and the payment authorization token, kept in memory per app instance and
 * per account until shortly before they expire: each costs a call of the channel's small hourly quota, so
 * it is fetched once and shared by every call that needs it (concurrent askers wait for the same fetch).
 */
import { createHash } from 'node:crypto';
import type { UpstreamClient } from '../../outbound/types.ts';
import { readAnswer } from '../upstream/answers.ts';
import type { UspsChannelSettings } from './settings.ts';
import { paymentRolesOf, uspsPaymentAuthorization, uspsToken } from './wire.ts';

export const TOKEN_PATH = '/oauth2/v3/token';
export const PAYMENT_PATH = '/payments/v3/payment-authorization';

/** A token is fetched again this long before USPS says it expires. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** USPS documents payment authorization tokens as good for about 8 hours; they are renewed after 7. */
const PAYMENT_TOKEN_MS = 7 * 3_600_000;

interface Held {
  value: Promise<string>;
  expiresAt: number;
}

const held = new Map<string, Held>();

/** Whose token it is: the API, the app's credentials and (for payment) the paying account. */
function keyOf(kind: 'oauth' | 'payment', settings: UspsChannelSettings): string {
  const account = kind === 'payment' ? paymentRolesOf(settings) : null;
  return createHash('sha256')
    .update(JSON.stringify([kind, settings.baseUrl, settings.clientId, settings.clientSecret, account]))
    .digest('hex');
}

async function heldOr(
  key: string,
  fetch: () => Promise<{ value: string; lifetimeMs: number }>,
  now = Date.now(),
): Promise<string> {
  const current = held.get(key);
  if (current && current.expiresAt > now) return current.value;
  const entry: Held = { value: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
  entry.value = fetch().then(
    ({ value, lifetimeMs }) => {
      entry.expiresAt = Date.now() + Math.max(0, lifetimeMs - EXPIRY_MARGIN_MS);
      return value;
    },
    (error: unknown) => {
      // A failed fetch is not kept: the next call asks again.
      if (held.get(key) === entry) held.delete(key);
      throw error;
    },
  );
  held.set(key, entry);
  return entry.value;
}

/** The OAuth access token (client credentials grant) for the channel's app. */
export function accessToken(http: UpstreamClient, settings: UspsChannelSettings): Promise<string> {
  return heldOr(keyOf('oauth', settings), async () => {
    const answer = await http.send({
      operation: 'auth',
      method: 'POST',
      path: TOKEN_PATH,
      json: { client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'client_credentials' },
      // A second token for the same app is as good as the first; the one not kept simply expires.
      repeatable: true,
    });
    const token = readAnswer(uspsToken, answer.json, { provider: 'usps', operation: 'auth' });
    return { value: token.access_token, lifetimeMs: Number(token.expires_in) * 1000 };
  });
}

/** The token that lets the channel's EPS or permit account pay for labels (`X-Payment-Authorization-Token`). */
export function paymentToken(http: UpstreamClient, settings: UspsChannelSettings): Promise<string> {
  return heldOr(keyOf('payment', settings), async () => {
    const answer = await http.send({
      operation: 'auth',
      method: 'POST',
      path: PAYMENT_PATH,
      json: paymentRolesOf(settings),
      // A payment token only lets later label calls pay: fetching another charges nothing.
      repeatable: true,
    });
    const authorization = readAnswer(uspsPaymentAuthorization, answer.json, { provider: 'usps', operation: 'auth' });
    return { value: authorization.paymentAuthorizationToken, lifetimeMs: PAYMENT_TOKEN_MS };
  });
}

/** USPS refused a token (401): both of the account's are fetched anew on the next call. */
export function forgetTokens(settings: UspsChannelSettings): void {
  held.delete(keyOf('oauth', settings));
  held.delete(keyOf('payment', settings));
}
