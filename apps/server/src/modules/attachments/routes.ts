import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { invalidFields } from '../../http/errors.ts';
import { idParams } from '../../http/numbers.ts';
import { scopeFor } from '../../http/scope.ts';
import { attachmentOnOwnWorkOrder } from '../work-orders/service.ts';
import { readAttachment, saveAttachment } from './service.ts';

/** Staff who read merchants' files: recharge vouchers, work order attachments. */
const REVIEWER_CODES = ['adminRechargeList', 'adminBalanceList', 'adminQuestionList'];

export function attachmentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/app/attachment/upload/image',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['attachments'],
          summary: 'Upload an image or PDF (multipart field `file`, 500KB at most)',
          consumes: ['multipart/form-data'],
          response: {
            200: envelope(
              z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number(), url: z.string() }),
            ),
          },
        },
      },
      async (request) => {
        const file = await request.file().catch(() => undefined);
        if (file?.fieldname !== 'file') throw invalidFields({ file: 'uploadMissing' });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw invalidFields({ file: 'uploadTooLarge' });
          throw error;
        }
        return ok(await saveAttachment(ctx, authOf(request).userId, file.filename, bytes), 'upload successful');
      },
    );

    app.get(
      '/app/attachment/:id',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['attachments'],
          summary:
            'Download an uploaded file (its owner; staff reviewing recharges or work orders; the merchant of a work order it is attached to)',
          params: idParams,
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const file = await readAttachment(ctx, request.params.id, {
          userId: auth.userId,
          reviewerScope: REVIEWER_CODES.some((code) => auth.codes.includes(code))
            ? scopeFor('ownCustomers', auth)
            : null,
          sharedWith: (id) => attachmentOnOwnWorkOrder(ctx.db, id, auth.userId),
        });
        return reply
          .type(file.mime)
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('cache-control', 'private, max-age=3600')
          .send(file.bytes);
      },
    );
  };
}
