import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelope, isoTime, ok, pageOf, pageQuery } from '../../http/envelope.ts';
import { REDACTED } from './mailer.ts';

const outboxItem = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * The mail outbox: what the platform mailed or keeps, with codes and reset links masked (an install
 * without SMTP reads those from the database, `npm run outbox`).
 */
export function mailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/mail/outbox',
      {
        config: { access: { codes: ['configList'] }, scope: 'any' },
        schema: {
          tags: ['mail'],
          summary: 'Mails the platform has sent or kept, codes and reset links masked',
          querystring: pageQuery.extend({ recipient: z.string().optional() }),
          response: { 200: envelope(pageOf(outboxItem)) },
        },
      },
      async (request) => {
        const { page, pageSize, recipient } = request.query;
        let query = ctx.db.selectFrom('mail_outbox');
        if (recipient) query = query.where('recipient', '=', recipient.trim().toLowerCase());
        const [rows, count] = await Promise.all([
          query
            .selectAll()
            .orderBy('id', 'desc')
            .limit(pageSize)
            .offset((page - 1) * pageSize)
            .execute(),
          query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        ]);
        return ok({
          list: rows.map((row) => ({
            id: row.id,
            recipient: row.recipient,
            subject: row.subject,
            // Masked as it was written; a mail from before masking (migration 0011) is not shown at all.
            body: row.redacted_body ?? REDACTED,
            createdAt: isoTime(row.created_at) as string,
            sentAt: isoTime(row.sent_at),
            error: row.error,
          })),
          total: Number(count.total),
          page,
          pageSize,
        });
      },
    );
  };
}
