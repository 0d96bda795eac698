import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';
export { verifyWebhook, WebhookVerificationError } from './webhooks.ts';

export interface ClientOptions {
  /** Where the server is, without `/api`: `https://ship.example.com`. */
  baseUrl: string;
  /** An API key (`pp_…`, Settings → API), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** `en-US` for English messages (the server answers in zh-CN by default). */
  language?: 'en-US' | 'zh-CN';
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type ParcelPortClient = Client<paths>;

/**
 * A client of the ParcelPort API typed by its OpenAPI document (openapi-fetch over the generated `paths`):
 * `client.POST('/api/app/order/label/create', { body, params: { header: { 'Idempotency-Key': … } } })`
 * checks the path, the body and the answer at compile time. Every answer is the envelope
 * `{ code, message, data }`; an error answer comes back as `error` with the same shape.
 */
export function parcelPortClient(options: ClientOptions): ParcelPortClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${options.apiKey}`);
      if (options.language) request.headers.set('accept-language', options.language);
      return request;
    },
  };
  client.use(auth);
  return client;
}
