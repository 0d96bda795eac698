import type { OutboxItem } from '@parcelport/shared/contracts/mail/schemas';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { REDACTED } from './mailer.ts';
import { outboxPage } from './repo.ts';

/** One page of the mail outbox, newest first, optionally for one recipient; bodies masked. */
export async function listOutbox(db: Db, page: number, pageSize: number, recipient?: string) {
  const { rows, total } = await outboxPage(db, page, pageSize, recipient);
  const list: OutboxItem[] = rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    // Masked as it was written; a mail from before masking (migration 0011) is not shown at all.
    body: row.redacted_body ?? REDACTED,
    createdAt: isoTime(row.created_at) as string,
    sentAt: isoTime(row.sent_at),
    error: row.error,
  }));
  return { list, total, page, pageSize };
}
