/** The message box (`user_messages`): what other modules put in it, and what its owner reads. */

import type { ResourceCode } from '@parcelport/shared';
import { MESSAGE_STATUS } from '@parcelport/shared';
import { MESSAGE_TYPES, type MessageType, type UserMessage } from '@parcelport/shared/contracts/messages/schemas';
import type { Db } from '../../db/index.ts';
import { isoTime } from '../../http/envelope.ts';
import { activeHoldersOf } from '../access/repo.ts';

export { MESSAGE_TYPES, type MessageType };

/** Puts a message in a user's message box; other modules call this (recharge approved, order failed, …). */
export async function notifyUser(
  db: Db,
  userId: number,
  message: { type: MessageType; title: string; content: string },
) {
  await db
    .insertInto('user_messages')
    .values({
      user_id: userId,
      type: message.type,
      title: message.title,
      content: message.content,
      created_at: Date.now(),
    })
    .execute();
}

/**
 * Puts a todo in the box of every active staff member holding `code` (those who can act on it), worded
 * in the platform's language until messages are kept as keys and shown in the reader's.
 */
export async function notifyHoldersOf(db: Db, code: ResourceCode, message: { title: string; content: string }) {
  for (const userId of await activeHoldersOf(db, code)) await notifyUser(db, userId, { type: 'todo', ...message });
}

/** A user's newest 100 messages, unread first, optionally of one type. */
export async function listMessages(db: Db, userId: number, type?: MessageType): Promise<UserMessage[]> {
  let query = db.selectFrom('user_messages').selectAll().where('user_id', '=', userId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('status').orderBy('id', 'desc').limit(100).execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type as MessageType,
    title: row.title,
    content: row.content,
    status: row.status,
    time: isoTime(row.created_at) as string,
  }));
}

/** Marks a user's messages read: the given ids, or all of them when none are given. */
export async function markMessagesRead(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  let query = db.updateTable('user_messages').set({ status: MESSAGE_STATUS.read }).where('user_id', '=', userId);
  if (ids.length > 0) query = query.where('id', 'in', [...ids]);
  await query.execute();
}
