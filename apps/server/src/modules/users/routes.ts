import * as contracts from '@parcelport/shared/contracts/users/index';
import { useCommonPasswordCheck } from '@parcelport/shared/contracts/users/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import {
  changePassword,
  register,
  requestPasswordReset,
  resetPassword,
  sendRegistrationCode,
  updateProfile,
  userInfo,
} from './service.ts';

/** The signed-in user's profile and password; registration and password reset (public, mail-sending ones rate limited). */
export function userRoutes(ctx: AppContext) {
  // A new password is checked against the server's list of the commonest ones (the web app has no list).
  useCommonPasswordCheck(isCommonPassword);
  return async (app: FastifyInstance) => {
    const mailLimit = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };
    const localeOfCall = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    bind(app, contracts.getUserInfo, (request) => userInfo(ctx, authOf(request)));
    bind(app, contracts.updateProfile, async (request) => {
      await updateProfile(ctx, authOf(request), request.body);
      return null;
    });
    bind(app, contracts.updatePassword, async (request) => {
      await changePassword(ctx, authOf(request), request.body.oldPassword, request.body.password);
      return null;
    });
    bind(
      app,
      contracts.sendRegisterCode,
      async (request) => {
        await sendRegistrationCode(ctx, request.body.email, localeOfCall(request));
        return null;
      },
      mailLimit,
    );
    bind(app, contracts.register, async (request) => {
      await register(ctx, request.body);
      return null;
    });
    bind(
      app,
      contracts.forgotPassword,
      async (request) => {
        await requestPasswordReset(ctx, request.body.email, localeOfCall(request));
        return null;
      },
      mailLimit,
    );
    bind(app, contracts.resetPassword, async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return null;
    });
  };
}
