import { API_KEY_LIFETIMES, MAX_API_KEYS } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.ts';
import { idParams } from '../../http/numbers.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';

const apiKeyView = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string().describe('the first characters of the key'),
  createdAt: z.string(),
  expiresAt: z.string().nullable().describe('null: never expires'),
  lastUsedAt: z.string().nullable().describe('to the minute; null: never used'),
});

/**
 * Settings → API: a merchant's API keys. A key authenticates as `Authorization: Bearer <key>` with the
 * owner's permissions; managing keys needs a signed-in person, not a key.
 */
export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { scope: 'own', signInOnly: true } as const;
    // A key acts as its owner for as long as it lives: only the owner in person makes or revokes one.
    const ownerInPerson = { ...config, notWhileActing: true } as const;
    const tags = ['api keys'];

    app.get(
      '/app/user/apiKey/list',
      {
        config,
        schema: { tags, summary: 'My live API keys, newest first', response: { 200: envelope(z.array(apiKeyView)) } },
      },
      async (request) => ok(await listApiKeys(ctx.db, authOf(request).userId)),
    );

    app.post(
      '/app/user/apiKey',
      {
        config: ownerInPerson,
        schema: {
          tags,
          summary: `Make an API key (at most ${MAX_API_KEYS} live); the key is answered this once only`,
          body: z.object({
            name: z.string().trim().min(1, 'fieldRequired').max(60),
            expiresInDays: z
              .union(API_KEY_LIFETIMES.map((days) => z.literal(days)))
              .nullable()
              .default(null)
              .describe(`${API_KEY_LIFETIMES.join(', ')} or null for never`),
          }),
          response: { 200: envelope(apiKeyView.extend({ key: z.string() })) },
        },
      },
      async (request) =>
        ok(await createApiKey(ctx.db, authOf(request).userId, request.body.name, request.body.expiresInDays)),
    );

    app.delete(
      '/app/user/apiKey/:id(^\\d+)',
      {
        config: ownerInPerson,
        schema: {
          tags,
          summary: 'Revoke an API key: it stops working on every instance at once',
          params: idParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await revokeApiKey(ctx.db, authOf(request).userId, request.params.id);
        return ok(null);
      },
    );
  };
}
