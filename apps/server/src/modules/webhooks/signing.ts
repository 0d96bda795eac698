import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md):
 * a secret is `whsec_` and base64 of random bytes; a delivery carries `webhook-id`, `webhook-timestamp`
 * (unix seconds of the attempt) and `webhook-signature`, `v1,` and base64 of HMAC-SHA256 keyed with the
 * secret's bytes over `id.timestamp.body`. Several signatures are space separated, which is how a rotated
 * secret keeps working beside the new one.
 */
export const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: within the spec's 24 to 64. */
const SECRET_BYTES = 32;
/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** The secret's key bytes: the base64 after `whsec_` (a secret written without the prefix is read the same). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,` signature of a message. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  body: string,
  now = Date.now(),
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => sign(secret, id, timestamp, body)).join(' '),
  };
}

/** A secret and, for a day after a rotation, the one it replaced: as kept (sealed) in a row. */
export interface SecretColumns {
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
}

/** The sealed secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(row: SecretColumns, now = Date.now()): string[] {
  const secrets = [row.secret];
  if (row.previous_secret && (row.previous_secret_until ?? 0) > now) secrets.push(row.previous_secret);
  return secrets;
}

/** The columns after a rotation to `sealedNew`: the current secret becomes the previous one for a day. */
export function rotated(row: SecretColumns, sealedNew: string, now = Date.now()): SecretColumns {
  return { secret: sealedNew, previous_secret: row.secret, previous_secret_until: now + ROTATION_OVERLAP_MS };
}

/** What a list shows of a secret: its prefix and a few characters. */
export const secretPrefix = (secret: string) => `${secret.slice(0, SECRET_PREFIX.length + 6)}…`;
