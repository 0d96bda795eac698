import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Mail, Mailer } from '../../core/ports.ts';
import type { Db } from '../../db/index.ts';
import { keepMail, markMailFailed, markMailSent } from './repo.ts';
import { type SmtpTarget, transportFor } from './smtp.ts';

/** Marks what was masked out of a mail body. */
export const REDACTED = '[redacted]';

/** The body with its secrets masked. */
export function redactedBody(mail: Mail): string {
  return (mail.secrets ?? []).reduce((body, secret) => body.replaceAll(secret, REDACTED), mail.body);
}

/**
 * Every mail is kept in the outbox table, and the outbox API shows it with its secrets masked. A body with
 * its codes and links is stored only as long as it is needed to send it: with an SMTP server (the settings'
 * host, else `SMTP_URL`; `smtp` answers the one in use at each mail) the mail goes out from memory and only
 * the masked body is stored; without one the whole body waits in `mail_outbox.body`, where the operator
 * reads it (`npm run outbox`), and the log says only that a mail is waiting.
 */
export function createMailer(db: Db, smtp: () => Promise<SmtpTarget | null>, log: FastifyBaseLogger): Mailer {
  // One transport for the target in use; made again when the settings name another server.
  let kept: { key: string; transport: Promise<Transporter> } | null = null;
  const transportOf = (target: SmtpTarget) => {
    if (kept?.key !== target.key) {
      const previous = kept;
      kept = { key: target.key, transport: transportFor(target) };
      previous?.transport.then((transport) => transport.close()).catch(() => undefined);
    }
    return kept.transport;
  };
  return {
    async send(mail) {
      const redacted = redactedBody(mail);
      const target = await smtp();
      const id = await keepMail(db, {
        recipient: mail.to,
        subject: mail.subject,
        body: target ? redacted : mail.body,
        redacted_body: redacted,
      });
      if (!target) {
        log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP server set)');
        return;
      }
      try {
        await (await transportOf(target)).sendMail({
          from: target.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
        });
        await markMailSent(db, id);
      } catch (error) {
        log.error({ err: error, to: mail.to }, 'SMTP delivery failed');
        await markMailFailed(db, id, String(error));
      }
    },
  };
}
