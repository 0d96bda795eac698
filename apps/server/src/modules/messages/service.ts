import type { Db } from '../../db/index.ts';

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

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
