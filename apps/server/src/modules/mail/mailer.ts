import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** Parts of the body that give access (a code, a reset link): masked wherever the mail is shown. */
  secrets?: string[];
}

/** Marks what was masked out of a mail body. */
export const REDACTED = '[redacted]';

/** The body with its secrets masked. */
export function redactedBody(mail: Mail): string {
  return (mail.secrets ?? []).reduce((body, secret) => body.replaceAll(secret, REDACTED), mail.body);
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is kept in the outbox table, and the outbox API shows it with its secrets masked. A body with
 * its codes and links is stored only as long as it is needed to send it: with `SMTP_URL` the mail goes out
 * from memory and only the masked body is stored; without it the whole body waits in `mail_outbox.body`,
 * where the operator reads it (`npm run outbox`), and the log says only that a mail is waiting.
 */
export function createMailer(db: Db, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  // nodemailer is loaded with the first mail that goes out through SMTP.
  let transport: Promise<Transporter> | null = null;
  const smtp = () =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(config.smtpUrl)));
  return {
    async send(mail) {
      const redacted = redactedBody(mail);
      const { id } = await db
        .insertInto('mail_outbox')
        .values({
          recipient: mail.to,
          subject: mail.subject,
          body: config.smtpUrl ? redacted : mail.body,
          redacted_body: redacted,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!config.smtpUrl) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL set)');
        return;
      }
      try {
        await (await smtp()).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.body });
        await db.updateTable('mail_outbox').set({ sent_at: Date.now() }).where('id', '=', id).execute();
      } catch (error) {
        log.error({ err: error, to: mail.to }, 'SMTP delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({ error: String(error) })
          .where('id', '=', id)
          .execute();
      }
    },
  };
}
