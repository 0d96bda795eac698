/** The mail outbox's SQL (table mail_outbox): one page of it, the mails waiting, and each mail kept, sent or failed. */
import type { Db } from '../../db/index.ts';

/** One page of the outbox's rows, newest first, optionally for one recipient, with how many there are in all. */
export async function outboxPage(db: Db, page: number, pageSize: number, recipient?: string) {
  let query = db.selectFrom('mail_outbox');
  if (recipient) query = query.where('recipient', '=', recipient.trim().toLowerCase());
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Keeps a mail in the outbox; answers its id. */
export async function keepMail(
  db: Db,
  mail: { recipient: string; subject: string; body: string; redacted_body: string },
): Promise<number> {
  const { id } = await db
    .insertInto('mail_outbox')
    .values({ ...mail, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Marks a kept mail sent now. */
export async function markMailSent(db: Db, id: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: Date.now() }).where('id', '=', id).execute();
}

/** Records why a kept mail could not be sent. */
export async function markMailFailed(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute();
}

/**
 * The newest twenty mails no SMTP server has taken, optionally for one recipient, whole (codes and links
 * unmasked): read only by `npm run outbox` (src/outbox.ts), for whoever runs the server.
 */
export function waitingMails(db: Db, recipient?: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['recipient', 'subject', 'body', 'created_at'])
    .where('sent_at', 'is', null)
    .$if(Boolean(recipient), (query) => query.where('recipient', '=', recipient as string))
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
