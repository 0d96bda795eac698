import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { emptyEnvelope, envelope, isoTime, ok } from '../../http/envelope.ts';
import { MESSAGE_TYPES } from './service.ts';

const messageView = z.object({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  content: z.string(),
  status: z.number().describe('0 unread, 1 read'),
  time: z.string(),
});

/** The navbar message box: the newest messages by type, and mark-as-read. */
export function messageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/messages',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['messages'],
          summary: 'My newest 100 messages, unread first',
          querystring: z.object({ type: z.enum(MESSAGE_TYPES).optional() }),
          response: { 200: envelope(z.array(messageView)) },
        },
      },
      async (request) => {
        let query = ctx.db.selectFrom('user_messages').selectAll().where('user_id', '=', authOf(request).userId);
        if (request.query.type) query = query.where('type', '=', request.query.type);
        const rows = await query.orderBy('status').orderBy('id', 'desc').limit(100).execute();
        return ok(
          rows.map((row) => ({
            id: row.id,
            type: row.type as (typeof MESSAGE_TYPES)[number],
            title: row.title,
            content: row.content,
            status: row.status,
            time: isoTime(row.created_at) as string,
          })),
        );
      },
    );

    app.post(
      '/user/messages/read',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['messages'],
          summary: 'Mark messages read: the given ids, or all of mine when ids is empty',
          body: z.object({ ids: z.array(z.number().int().positive()).default([]) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        let query = ctx.db
          .updateTable('user_messages')
          .set({ status: 1 })
          .where('user_id', '=', authOf(request).userId);
        if (request.body.ids.length > 0) query = query.where('id', 'in', request.body.ids);
        await query.execute();
        return ok(null);
      },
    );
  };
}
