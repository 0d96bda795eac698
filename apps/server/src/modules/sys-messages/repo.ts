/** The system messages staff send, who they are for, and who has read them. */
import type { SysMessageAudience } from '@parcelport/shared';
import type { ExpressionBuilder } from 'kysely';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

export interface SysMessageInput {
  title: string;
  content: string;
  audience: SysMessageAudience;
  userIds: number[];
}

/** Writes a system message and, for picked users, who they are, in the caller's transaction. */
export async function insertSysMessage(db: Db, authorId: number, input: SysMessageInput, recipients: number[]) {
  const { id } = await db
    .insertInto('sys_messages')
    .values({
      title: input.title,
      content: input.content,
      audience: input.audience,
      created_by: authorId,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (recipients.length > 0) {
    await db
      .insertInto('sys_message_recipients')
      .values(recipients.map((userId) => ({ sys_message_id: id, user_id: userId })))
      .execute();
  }
  return { id };
}

/** Staff's list of what was sent: newest first, with how many have read each message. */
export async function listSentMessages(
  db: Db,
  query: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const like = query.keyword ? `%${query.keyword.toLowerCase()}%` : null;
  const matching = db
    .selectFrom('sys_messages')
    .$if(like !== null, (qb) => qb.where((eb) => eb(eb.fn('lower', ['sys_messages.title']), 'like', like as string)));
  const [rows, count] = await Promise.all([
    matching
      .innerJoin('users', 'users.id', 'sys_messages.created_by')
      .select((eb) => [
        'sys_messages.id',
        'sys_messages.title',
        'sys_messages.content',
        'sys_messages.audience',
        'sys_messages.created_at',
        'users.username as author',
        eb
          .selectFrom('sys_message_reads')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('sys_message_reads.sys_message_id', '=', 'sys_messages.id')
          .as('read_count'),
      ])
      .orderBy('sys_messages.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const recipients = await recipientsOf(
    db,
    rows.filter((row) => row.audience === 'users').map((row) => row.id),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      audience: row.audience as SysMessageAudience,
      userIds: recipients.get(row.id) ?? [],
      author: row.author,
      readCount: Number(row.read_count ?? 0),
      createdAt: isoTime(row.created_at) as string,
    })),
    total: Number(count.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function recipientsOf(db: Db, messageIds: number[]): Promise<Map<number, number[]>> {
  const byMessage = new Map<number, number[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('sys_message_recipients')
    .select(['sys_message_id', 'user_id'])
    .where('sys_message_id', 'in', messageIds)
    .orderBy('user_id')
    .execute();
  for (const row of rows)
    byMessage.set(row.sys_message_id, [...(byMessage.get(row.sys_message_id) ?? []), row.user_id]);
  return byMessage;
}

export async function deleteSysMessages(db: Db, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('sys_messages').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

interface Reader {
  userId: number;
  kind: string;
}

/** The messages a user is among the audience of. */
function addressedTo(eb: ExpressionBuilder<Database, 'sys_messages'>, reader: Reader) {
  const everyoneLikeThem = reader.kind === 'customer' ? 'customers' : 'staff';
  return eb.or([
    eb('sys_messages.audience', 'in', ['all', everyoneLikeThem]),
    eb.and([
      eb('sys_messages.audience', '=', 'users'),
      eb.exists(
        eb
          .selectFrom('sys_message_recipients')
          .select('sys_message_recipients.user_id')
          .whereRef('sys_message_recipients.sys_message_id', '=', 'sys_messages.id')
          .where('sys_message_recipients.user_id', '=', reader.userId),
      ),
    ]),
  ]);
}

/** The system messages centre: the user's messages, newest first, each marked read or not, and the unread count. */
export async function inboxOf(
  db: Db,
  reader: Reader,
  query: { page: number; pageSize: number; unread?: boolean | undefined },
) {
  const visible = db
    .selectFrom('sys_messages')
    .leftJoin('sys_message_reads', (join) =>
      join
        .onRef('sys_message_reads.sys_message_id', '=', 'sys_messages.id')
        .on('sys_message_reads.user_id', '=', reader.userId),
    )
    .where((eb) => addressedTo(eb, reader));
  const unread = visible.where('sys_message_reads.read_at', 'is', null);
  const listed = query.unread ? unread : visible;
  const [rows, total, unreadCount] = await Promise.all([
    listed
      .select([
        'sys_messages.id',
        'sys_messages.title',
        'sys_messages.content',
        'sys_messages.created_at',
        'sys_message_reads.read_at',
      ])
      .orderBy('sys_messages.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    listed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    unread.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      read: row.read_at !== null,
      createdAt: isoTime(row.created_at) as string,
    })),
    total: Number(total.n),
    page: query.page,
    pageSize: query.pageSize,
    unread: Number(unreadCount.n),
  };
}

/** Marks the given messages read (all the user's unread ones when none are given); others' ids are ignored. */
export async function markSysMessagesRead(db: Db, reader: Reader, ids: number[]): Promise<number> {
  const unread = await db
    .selectFrom('sys_messages')
    .select('sys_messages.id')
    .where((eb) => addressedTo(eb, reader))
    .$if(ids.length > 0, (qb) => qb.where('sys_messages.id', 'in', ids))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sys_message_reads')
            .select('sys_message_reads.user_id')
            .whereRef('sys_message_reads.sys_message_id', '=', 'sys_messages.id')
            .where('sys_message_reads.user_id', '=', reader.userId),
        ),
      ),
    )
    .execute();
  if (unread.length === 0) return 0;
  const now = Date.now();
  await db
    .insertInto('sys_message_reads')
    .values(unread.map((message) => ({ sys_message_id: message.id, user_id: reader.userId, read_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'sys_message_id']).doNothing())
    .execute();
  return unread.length;
}
