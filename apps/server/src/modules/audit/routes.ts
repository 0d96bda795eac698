import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelope, isoTime, ok, pageOf, pageQuery } from '../../http/envelope.ts';
import { queryId } from '../../http/numbers.ts';
import { scopeOf } from '../../http/scope.ts';
import { whereAccountInScope } from '../users/scope.ts';

const logView = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actor: z.string().nullable(),
  subjectId: z.number().nullable(),
  subject: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  statusCode: z.number(),
  ip: z.string(),
  time: z.string(),
});

/** The user log (SPEC §2 /maintenance/userLogs): every changing call, who acted and on whom. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/user-logs',
      {
        config: { access: { codes: ['adminChannel'] }, scope: 'ownCustomers' },
        schema: {
          tags: ['maintenance'],
          summary: 'User log: changing calls with actor (staff acting as a user) and subject',
          querystring: pageQuery.extend({
            subjectId: queryId().optional(),
            actorId: queryId().optional(),
            path: z.string().trim().max(200).optional(),
          }),
          response: { 200: envelope(pageOf(logView)) },
        },
      },
      async (request) => {
        const { page, pageSize, subjectId, actorId, path } = request.query;
        const base = ctx.db
          .selectFrom('user_logs')
          .$call((qb) => whereAccountInScope(qb, 'user_logs.subject_id', scopeOf(request)))
          .$if(subjectId !== undefined, (qb) => qb.where('user_logs.subject_id', '=', subjectId as number))
          .$if(actorId !== undefined, (qb) => qb.where('user_logs.actor_id', '=', actorId as number))
          .$if(Boolean(path), (qb) => qb.where('user_logs.path', 'like', `%${path}%`));
        const [rows, count] = await Promise.all([
          base
            .leftJoin('users as actor', 'actor.id', 'user_logs.actor_id')
            .leftJoin('users as subject', 'subject.id', 'user_logs.subject_id')
            .select([
              'user_logs.id',
              'user_logs.actor_id',
              'actor.username as actor',
              'user_logs.subject_id',
              'subject.username as subject',
              'user_logs.method',
              'user_logs.path',
              'user_logs.status_code',
              'user_logs.ip',
              'user_logs.created_at',
            ])
            .orderBy('user_logs.id', 'desc')
            .limit(pageSize)
            .offset((page - 1) * pageSize)
            .execute(),
          base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        ]);
        return ok({
          list: rows.map((row) => ({
            id: row.id,
            actorId: row.actor_id,
            actor: row.actor,
            subjectId: row.subject_id,
            subject: row.subject,
            method: row.method,
            path: row.path,
            statusCode: row.status_code,
            ip: row.ip,
            time: isoTime(row.created_at) as string,
          })),
          total: Number(count.total),
          page,
          pageSize,
        });
      },
    );
  };
}
