/** The message box (`user_messages`): what other modules put in it, and what its owner reads. */

import { DEFAULT_LOCALE, type Locale, MESSAGE_STATUS, type ResourceCode } from '@parcelport/shared';
import { MESSAGE_TYPES, type MessageType, type UserMessage } from '@parcelport/shared/contracts/messages/schemas';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { isMessageKey, type MessageKey, translate } from '../../i18n/messages.ts';
import { activeHoldersOf } from '../access/index.ts';

export { MESSAGE_TYPES, type MessageType };

/** A message as its catalogue keys and their values: each reader sees it in their own language. */
export interface KeyedMessage {
  title: MessageKey;
  content: MessageKey;
  params?: Record<string, string | number>;
}

/** Puts a message in a user's message box; other modules call this (recharge approved, order failed, …). */
export async function notifyUser(db: Db, userId: number, message: KeyedMessage & { type: MessageType }) {
  const params = message.params ?? {};
  await db
    .insertInto('user_messages')
    .values({
      user_id: userId,
      type: message.type,
      title: translate(message.title, DEFAULT_LOCALE, params),
      content: translate(message.content, DEFAULT_LOCALE, params),
      title_key: message.title,
      content_key: message.content,
      params: JSON.stringify(params),
      created_at: Date.now(),
    })
    .execute();
}

/** Puts a todo in the box of every active staff member holding `code` (those who can act on it). */
export async function notifyHoldersOf(db: Db, code: ResourceCode, message: KeyedMessage) {
  for (const userId of await activeHoldersOf(db, code)) await notifyUser(db, userId, { type: 'todo', ...message });
}

/** The text of a kept key in the reader's language, or the kept text (a message written without keys). */
function textOf(key: string | null, kept: string, locale: Locale, params: Record<string, string | number>) {
  return key && isMessageKey(key) ? translate(key, locale, params) : kept;
}

/** A user's newest 100 messages, unread first, optionally of one type, in the reader's language. */
export async function listMessages(db: Db, userId: number, locale: Locale, type?: MessageType): Promise<UserMessage[]> {
  let query = db.selectFrom('user_messages').selectAll().where('user_id', '=', userId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('status').orderBy('id', 'desc').limit(100).execute();
  return rows.map((row) => {
    const params = JSON.parse(row.params) as Record<string, string | number>;
    return {
      id: row.id,
      type: row.type as MessageType,
      title: textOf(row.title_key, row.title, locale, params),
      content: textOf(row.content_key, row.content, locale, params),
      status: row.status,
      time: isoTime(row.created_at) as string,
    };
  });
}

/** Marks a user's messages read: the given ids, or all of them when none are given. */
export async function markMessagesRead(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  let query = db.updateTable('user_messages').set({ status: MESSAGE_STATUS.read }).where('user_id', '=', userId);
  if (ids.length > 0) query = query.where('id', 'in', [...ids]);
  await query.execute();
}
