import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is kept in the outbox table (administrators can read it). With `SMTP_URL` set it is also
 * sent through SMTP; without it, the log prints it so a one-machine install still works.
 */
export function createMailer(db: Db, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  // nodemailer is loaded with the first mail that goes out through SMTP.
  let transport: Promise<Transporter> | null = null;
  const smtp = () =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(config.smtpUrl)));
  return {
    async send(mail) {
      const { id } = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, body: mail.body, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!config.smtpUrl) {
        log.info({ mail }, 'mail kept in the outbox (no SMTP_URL set)');
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
