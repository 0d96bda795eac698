import type { Generated } from 'kysely';

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The whole mail while it waits for no SMTP server; the redacted body once SMTP has taken it. */
  body: string;
  /** The body with its codes and links masked, as the outbox API shows it; null before migration 0011. */
  redacted_body: string | null;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

/** The tables modules/mail writes, by name (test/table-owners.test.ts). */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
