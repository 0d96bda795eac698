import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

export interface UserLogFilter {
  subjectId?: number | undefined;
  actorId?: number | undefined;
  path?: string | undefined;
  /** `created_at` from (inclusive) and to (exclusive), epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
}

/** The user log's rows within the caller's scope and the filter. */
function filtered(db: Db, scope: Scope, filter: UserLogFilter) {
  const { subjectId, actorId, path, from, to } = filter;
  return db
    .selectFrom('user_logs')
    .$call((qb) => whereAccountInScope(qb, 'user_logs.subject_id', scope))
    .$if(subjectId !== undefined, (qb) => qb.where('user_logs.subject_id', '=', subjectId as number))
    .$if(actorId !== undefined, (qb) => qb.where('user_logs.actor_id', '=', actorId as number))
    .$if(Boolean(path), (qb) => qb.where('user_logs.path', 'like', `%${path}%`))
    .$if(from !== undefined, (qb) => qb.where('user_logs.created_at', '>=', from as number))
    .$if(to !== undefined, (qb) => qb.where('user_logs.created_at', '<', to as number));
}

/** Up to `size` rows below `beforeId` (all when null), newest first, with actor and subject names. */
export function userLogRows(
  db: Db,
  scope: Scope,
  filter: UserLogFilter,
  size: number,
  offset = 0,
  beforeId: number | null = null,
) {
  return filtered(db, scope, filter)
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
      'user_logs.acting',
      'user_logs.api_key_mode',
      'user_logs.created_at',
    ])
    .$if(beforeId !== null, (qb) => qb.where('user_logs.id', '<', beforeId as number))
    .orderBy('user_logs.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
}
export type UserLogRow = Awaited<ReturnType<typeof userLogRows>>[number];

export async function countUserLogs(db: Db, scope: Scope, filter: UserLogFilter): Promise<number> {
  const row = await filtered(db, scope, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
