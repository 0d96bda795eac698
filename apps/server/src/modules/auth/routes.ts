import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.ts';
import { login } from './service.ts';
import { revokeSession } from './sessions.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/publicKey',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'The RSA public key (SPKI PEM) that login credentials are encrypted with',
          response: { 200: envelope(z.object({ publicKey: z.string() })) },
        },
      },
      async () => ok({ publicKey: ctx.loginKey.publicKeyPem }),
    );

    app.post(
      '/admin/login',
      {
        config: {
          access: 'public',
          rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['auth'],
          summary: 'Sign in',
          description:
            '`encryptData` is base64 of RSA-OAEP (SHA-256) over the JSON `{"username","password"}`, with the key from `/api/admin/publicKey`.',
          body: z.object({ encryptData: z.string().min(1) }),
          response: { 200: envelope(z.object({ token: z.string() })) },
        },
      },
      async (request) => ok(await login(ctx, request.body.encryptData)),
    );

    app.post(
      '/admin/logout',
      {
        config: { scope: 'own', signInOnly: true },
        schema: { tags: ['auth'], summary: 'Sign out: the token stops working', response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await revokeSession(ctx.db, authOf(request).sessionId);
        return ok(null);
      },
    );
  };
}
