import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifying a webhook delivery as the Standard Webhooks specification signs it: the signed content is
 * `${webhook-id}.${webhook-timestamp}.${raw body}`, its HMAC-SHA256 under the secret (`whsec_` followed by
 * the key in base64) is sent in base64 as `v1,<signature>` in `webhook-signature` (several, separated by
 * spaces, while a secret is being rotated), and a delivery older or newer than the tolerance is refused so
 * that a captured one cannot be replayed later.
 */
export class WebhookVerificationError extends Error {}

const SECRET_PREFIX = 'whsec_';
/** Five minutes either way, the specification's suggestion. */
const DEFAULT_TOLERANCE_SECONDS = 300;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value.join(' ') : value;
  if (!text) throw new WebhookVerificationError(`missing ${name} header`);
  return text;
}

/**
 * Checks a delivery and answers its parsed JSON body; throws `WebhookVerificationError` when a header is
 * missing, the timestamp is outside the tolerance or no signature matches. `body` must be the raw text as
 * received: a body parsed and written again is a different text and does not verify.
 */
export function verifyWebhook<T = unknown>({
  secret,
  headers,
  body,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  secret: string;
  headers: HeaderSource;
  body: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): T {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError('webhook-timestamp is outside the tolerance');
  }
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    if (version !== 'v1') return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('no signature matches');
  return JSON.parse(body) as T;
}
