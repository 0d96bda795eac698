import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelope, ok } from '../../http/envelope.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: {
            200: envelope(z.object({ status: z.literal('ok'), database: z.string() })),
            503: envelope(z.object({ status: z.literal('down'), database: z.string() })),
          },
        },
      },
      async (_request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
          return ok({ status: 'ok' as const, database: ctx.dialect });
        } catch (error) {
          reply.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({
            code: 503,
            message: 'database unreachable',
            data: { status: 'down' as const, database: ctx.dialect },
          });
        }
      },
    );
  };
}
