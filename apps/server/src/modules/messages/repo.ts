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

/**
 * Puts a message in a user's message box; other modules call this (recharge approved, order failed, …).
 * `aboutMoney`: it tells the account's money (a balance, a recharge, a charge), kept from a team member
 * without the `money` permission.
 */
export async function notifyUser(
  db: Db,
  userId: number,
  message: KeyedMessage & { type: MessageType; aboutMoney?: boolean },
) {
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
      about_money: message.aboutMoney ? 1 : 0,
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

/** Whose box is read, and whether its messages about money are shown (`seesMoney`, core/caller.ts). */
export interface MessageReader {
  userId: number;
  seesMoney: boolean;
}

function boxOf(db: Db, reader: MessageReader) {
  return db
    .selectFrom('user_messages')
    .where('user_id', '=', reader.userId)
    .$if(!reader.seesMoney, (qb) => qb.where('about_money', '=', 0));
}

/** A reader's newest 100 messages, unread first, optionally of one type, in the reader's language. */
export async function listMessages(
  db: Db,
  reader: MessageReader,
  locale: Locale,
  type?: MessageType,
): Promise<UserMessage[]> {
  let query = boxOf(db, reader).selectAll();
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

/** Marks the messages a reader sees read: the given ids, or all of them when none are given. */
export async function markMessagesRead(db: Db, reader: MessageReader, ids: readonly number[]): Promise<void> {
  let query = db
    .updateTable('user_messages')
    .set({ status: MESSAGE_STATUS.read })
    .where('id', 'in', boxOf(db, reader).select('id'));
  if (ids.length > 0) query = query.where('id', 'in', [...ids]);
  await query.execute();
}
