import * as contracts from '@parcelport/shared/contracts/branding/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { withChangeRecorded } from '../../http/audit.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { noticeSettings, previewNotice, saveNoticeSettings, sendTestNotice } from './service.ts';

/** Test notices one client may send a minute: each is a real mail to the caller's own address. */
const TEST_NOTICES_PER_MINUTE = 5;

/**
 * The recipients' notices of an account (issue 28; their contracts sit with the brand's, on one settings
 * screen); every call is about the caller's own.
 */
export function noticeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.getNoticeSettings, (request) => noticeSettings(ctx.db, authOf(request).userId));
    bind(app, contracts.saveNoticeSettings, (request) => {
      const { userId } = authOf(request);
      return withChangeRecorded(
        request,
        () => noticeSettings(ctx.db, userId),
        () => saveNoticeSettings(ctx, userId, request.body),
      );
    });
    bind(app, contracts.previewNotice, (request) => previewNotice(ctx, authOf(request).userId, request.body));
    bind(app, contracts.sendTestNotice, (request) => sendTestNotice(ctx, authOf(request).userId, request.body), {
      config: { rateLimit: { max: TEST_NOTICES_PER_MINUTE, timeWindow: '1 minute' } },
    });
  };
}
