import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.ts';
import { localeOf } from '../../i18n/messages.ts';
import {
  forgotPasswordBody,
  registerBody,
  resetPasswordBody,
  sendCodeBody,
  updatePasswordBody,
  userInfoView,
} from './schemas.ts';
import {
  changePassword,
  register,
  requestPasswordReset,
  resetPassword,
  sendRegistrationCode,
  userInfo,
} from './service.ts';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/info',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['user'],
          summary: 'The signed-in user: profile, resource codes, roles and balances',
          response: { 200: envelope(userInfoView) },
        },
      },
      async (request) => ok(await userInfo(ctx, authOf(request))),
    );

    app.post(
      '/user/updatePassword',
      {
        config: { scope: 'own', signInOnly: true, notWhileActing: true },
        schema: {
          tags: ['user'],
          summary: 'Change my password (8-16 characters)',
          body: updatePasswordBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await changePassword(ctx, authOf(request), request.body.oldPassword, request.body.password);
        return ok(null);
      },
    );

    app.post(
      '/user/code/send',
      {
        config: { access: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['user'],
          summary:
            'Mail a registration verification code (answers the same whether or not the address is registered; its owner is told someone tried)',
          body: sendCodeBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await sendRegistrationCode(ctx, request.body.email, localeOf(request.headers['accept-language']));
        return ok(null);
      },
    );

    app.post(
      '/user/register',
      {
        config: { access: 'public' },
        schema: {
          tags: ['user'],
          summary:
            'Register a customer account (inactive until an administrator activates it); never says whether the address is registered',
          body: registerBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await register(ctx, request.body);
        return ok(null);
      },
    );

    app.post(
      '/user/password/forgot',
      {
        config: { access: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['user'],
          summary: 'Mail a single-use password reset link (answers the same whether or not the address exists)',
          body: forgotPasswordBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await requestPasswordReset(ctx, request.body.email, localeOf(request.headers['accept-language']));
        return ok(null);
      },
    );

    app.post(
      '/user/password/reset',
      {
        config: { access: 'public' },
        schema: {
          tags: ['user'],
          summary: 'Set a new password with a reset link token',
          body: resetPasswordBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await resetPassword(ctx, request.body.token, request.body.password);
        return ok(null);
      },
    );
  };
}
