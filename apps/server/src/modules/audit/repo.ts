import type { Db } from '../../db/index.ts';
import { isoTime } from '../../http/envelope.ts';
import type { Scope } from '../../http/scope.ts';
import { whereAccountInScope } from '../users/scope.ts';

export interface UserLogFilter {
  page: number;
  pageSize: number;
  subjectId?: number;
  actorId?: number;
  path?: string;
}

/** A page of the user log within the caller's scope, newest first, with actor and subject names. */
export async function listUserLogs(db: Db, scope: Scope, filter: UserLogFilter) {
  const { page, pageSize, subjectId, actorId, path } = filter;
  const base = db
    .selectFrom('user_logs')
    .$call((qb) => whereAccountInScope(qb, 'user_logs.subject_id', scope))
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
  return {
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
  };
}
