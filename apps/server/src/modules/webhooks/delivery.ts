import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Config } from '../../config.ts';
import type { TaskHandler } from '../../jobs/tasks.ts';
import { type CheckedTarget, checkWebhookTarget } from '../../outbound/target.ts';
import { signedHeaders } from './signing.ts';
import { trackingSecrets } from './tracking-key.ts';

/**
 * The job type of one tracking subscription's webhook delivery (SPEC §7): payload `{ url, body, id }` (body
 * is the JSON text to post, id its webhook-id; jobs queued before ids existed are named by the job).
 */
export const WEBHOOK_JOB = 'webhook';

export interface WebhookPayload {
  url: string;
  body: string;
  id?: string;
}

/** Hands the connection the address that was checked, whatever the host name resolves to now. */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs `body` to the checked target, with `headers` besides the JSON ones, and answers the HTTP status. A
 * redirect is not followed (it is an answer like any other), and the whole attempt stops at `signal`.
 */
export function postJson(
  target: CheckedTarget,
  body: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<number> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'ParcelPort-Webhook',
        ...headers,
      },
      lookup: pinnedLookup(target),
      signal,
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => reject(signal.aborted ? new Error('no answer in time') : error));
    request.end(body);
  });
}

/**
 * Delivers a tracking webhook: the target is checked again (it may resolve elsewhere now than when it was
 * saved), then posted to, signed the Standard Webhooks way with the subscriber's tracking secret
 * (tracking-key.ts; receivers that never check signatures see only extra headers); anything but a 2xx
 * answer is a failure, retried by the task worker. Messages name the outcome, never the URL (it may carry
 * the subscriber's secret).
 */
export function webhookTask(
  config: Pick<Config, 'webhookAllowedHosts' | 'webhookTimeoutMs' | 'webhookAttempts' | 'webhookRetryMs'>,
): TaskHandler {
  return {
    timeoutMs: config.webhookTimeoutMs,
    attempts: config.webhookAttempts,
    retryMs: config.webhookRetryMs,
    async run(ctx, job, signal) {
      const { url, body, id } = job.payload as unknown as WebhookPayload;
      const target = await checkWebhookTarget(url, config.webhookAllowedHosts);
      const secrets = await trackingSecrets(ctx, job.userId);
      const status = await postJson(target, body, signal, signedHeaders(secrets, id ?? `msg_job${job.id}`, body));
      if (status < 200 || status > 299) throw new Error(`answered HTTP ${status}`);
      return `delivered (HTTP ${status})`;
    },
  };
}
