import * as contracts from '@parcelport/shared/contracts/auth/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { login } from './service.ts';
import { revokeSession } from './sessions-repo.ts';

/** Signing in (credentials encrypted with the server's public key) and out. */
export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getPublicKey, () => ({ publicKey: ctx.loginKey.publicKeyPem }));
    bind(app, contracts.login, (request) => login(ctx, request.body.encryptData), {
      config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    });
    bind(app, contracts.logout, async (request) => {
      await revokeSession(ctx.db, authOf(request).sessionId);
      return null;
    });
  };
}
