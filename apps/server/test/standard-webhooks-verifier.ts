import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of a webhook, written from the Standard Webhooks spec text (spec/standard-webhooks.md
 * of github.com/standard-webhooks/standard-webhooks, "Signature scheme", "Webhook headers", "Verifying
 * signatures"), not from the server's signer: the content signed is `msg_id.timestamp.payload`; the secret
 * is base64 after `whsec_`; `webhook-signature` is a space delimited list of `<version>,<base64>` entries
 * of which a symmetric one is `v1`; comparison is constant time; the timestamp must be within a tolerance
 * of now. Answers why it failed, or null when one signature matches.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): string | null {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) return 'missing header';
  if (!/^\d+$/.test(timestamp)) return 'bad timestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return 'timestamp out of tolerance';
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest();
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',', 2);
    if (version !== 'v1' || !encoded) continue;
    const given = Buffer.from(encoded, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'no matching signature';
}
