import * as contracts from '@parcelport/shared/contracts/attachments/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { scopeFor } from '../../core/scope.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { readAttachment, saveUpload } from './service.ts';

/** Staff who read merchants' files: recharge vouchers, work order attachments, claims' photos and invoices. */
const REVIEWER_CODES = ['adminRechargeList', 'adminBalanceList', 'adminQuestionList', 'adminClaimList'];

/** Uploaded files: recharge vouchers and work order attachments. */
export function attachmentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.uploadAttachment, (request) => saveUpload(ctx, authOf(request).userId, request), {
      message: 'upload successful',
    });

    bind(app, contracts.getAttachment, async (request, reply) => {
      const auth = authOf(request);
      const file = await readAttachment(ctx, request.params.id, {
        userId: auth.userId,
        reviewerScope: REVIEWER_CODES.some((code) => auth.codes.includes(code)) ? scopeFor('ownCustomers', auth) : null,
        sharedWith: async (id) => {
          for (const shares of ctx.hooks.fileShare) if (await shares(ctx.db, id, auth.userId)) return true;
          return false;
        },
      });
      return reply
        .type(file.mime)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes);
    });
  };
}
