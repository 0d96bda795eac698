/**
 * ShipEngine's (ShipStation API's) `track` webhooks, checked as its documentation says: an RSA-SHA256
 * signature (base64, `x-shipengine-rsa-sha256-signature`) over `timestamp.rawBody`, made with the key
 * named by `x-shipengine-rsa-sha256-key-id` among ShipEngine's public keys (`GET /jwks`), and a timestamp
 * (`x-shipengine-timestamp`) within five minutes of ours, so an old delivery cannot be replayed.
 */
import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';
import { z } from 'zod';
import type { UpstreamClient } from '../../outbound/types.ts';
import type { WebhookRequest, WebhookResult } from '../contract/tracking.ts';
import { readAnswer } from '../upstream/answers.ts';
import { eventsOf, shipengineTracking } from './wire.ts';

/** How far a push's timestamp may be from our clock (either way: clocks differ). */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** How long ShipEngine's public keys are kept before they are asked for again. */
const KEYS_KEPT_MS = 60 * 60_000;
/** An unknown key id asks for the keys again at most this often (a forged id cannot make us ask each time). */
const REFETCH_AFTER_MS = 60_000;

interface KeySet {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}

/** ShipEngine's public keys (`GET /jwks`): a JSON Web Key Set, each key named by its `kid`. */
const keySet = z.looseObject({ keys: z.array(z.looseObject({ kid: z.string().nullish(), kty: z.string() })) });

/** ShipEngine's public keys by API (base URL). */
const keySets = new Map<string, KeySet>();

async function fetchKeys(http: UpstreamClient, baseUrl: string): Promise<KeySet> {
  const answer = await http.send({ operation: 'track', method: 'GET', path: '/jwks' });
  const jwks = readAnswer(keySet, answer.json, { provider: 'shipengine', operation: 'webhook' });
  const keys = new Map<string, KeyObject>();
  for (const jwk of jwks.keys) {
    if (!jwk.kid || jwk.kty !== 'RSA') continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
    } catch {
      // A key this node cannot read is left out; pushes signed with it are refused.
    }
  }
  const set = { keys, fetchedAt: Date.now() };
  keySets.set(baseUrl, set);
  return set;
}

async function keyOf(http: UpstreamClient, baseUrl: string, kid: string): Promise<KeyObject | undefined> {
  const now = Date.now();
  let set = keySets.get(baseUrl);
  if (!set || now - set.fetchedAt > KEYS_KEPT_MS) set = await fetchKeys(http, baseUrl);
  if (!set.keys.has(kid) && now - set.fetchedAt > REFETCH_AFTER_MS) set = await fetchKeys(http, baseUrl);
  return set.keys.get(kid);
}

/** A push's envelope: which event it is (`API_TRACK` for tracking) and its resource. */
const pushEnvelope = z.looseObject({ resource_type: z.string().nullish(), data: z.unknown() });

/** The scans of a verified push: a track event's parcel, none for another event or a body that is not JSON. */
function eventsOfPush(rawBody: string): WebhookResult {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { verified: true, events: new Map() };
  }
  const push = pushEnvelope.safeParse(body);
  // Other events (a batch finished, a rate changed) are accepted and carry no scans.
  if (!push.success || push.data.resource_type !== 'API_TRACK') return { verified: true, events: new Map() };
  const tracking = readAnswer(shipengineTracking, push.data.data, { provider: 'shipengine', operation: 'webhook' });
  return { verified: true, events: new Map([[tracking.tracking_number, eventsOf(tracking)]]) };
}

export async function shipengineWebhook(
  { headers, rawBody }: Pick<WebhookRequest, 'headers' | 'rawBody'>,
  http: UpstreamClient,
  baseUrl: string,
): Promise<WebhookResult> {
  const kid = headers['x-shipengine-rsa-sha256-key-id'];
  const signature = headers['x-shipengine-rsa-sha256-signature'];
  const timestamp = headers['x-shipengine-timestamp'];
  if (!kid || !signature || !timestamp) return { verified: false };
  const signedAt = Date.parse(timestamp);
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() - signedAt) > TIMESTAMP_TOLERANCE_MS)
    return { verified: false };
  const key = await keyOf(http, baseUrl, kid);
  if (!key) return { verified: false };
  const signed = verify(
    'sha256',
    Buffer.from(`${timestamp}.${rawBody}`, 'utf8'),
    key,
    Buffer.from(signature, 'base64'),
  );
  if (!signed) return { verified: false };
  return eventsOfPush(rawBody);
}
