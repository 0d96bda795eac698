import type { SettingValues } from '@parcelport/shared/contracts/config/settings';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/**
 * Where mail goes: the SMTP server of the settings (/adminSettings/sysConfig) when a host is saved there,
 * else the server's SMTP_URL, else nowhere (mail waits in the outbox). `key` tells two targets apart, so a
 * transport is made again only when the settings change.
 */
export interface SmtpTarget {
  key: string;
  transport: string | SMTPTransport.Options;
  from: string;
  /** Where it comes from: the settings, or SMTP_URL. */
  source: 'settings' | 'environment';
}

/** A connection that does not answer is given up after these, so a wrong host never hangs a mail. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpTargetOf(smtp: SettingValues['smtp'], smtpUrl: string): SmtpTarget | null {
  if (smtp.host !== '') {
    const transport: SMTPTransport.Options = {
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user !== '' ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
      ...TIMEOUTS,
    };
    return { key: JSON.stringify(transport), transport, from: smtp.from, source: 'settings' };
  }
  if (smtpUrl) return { key: smtpUrl, transport: smtpUrl, from: smtp.from, source: 'environment' };
  return null;
}

/** A transport for the target (nodemailer is loaded with the first mail that goes out through SMTP). */
export async function transportFor(target: SmtpTarget): Promise<Transporter> {
  const { default: mailer } = await import('nodemailer');
  return mailer.createTransport(target.transport as SMTPTransport.Options);
}

/** The SMTP server's own words from a failed send, else the error's message. */
export function smtpAnswerOf(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  if (typeof response === 'string' && response !== '') return response;
  return typeof message === 'string' && message !== '' ? message : String(error);
}
