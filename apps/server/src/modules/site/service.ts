/** The public site (issue 14): contact requests from /contactUs, their answers, and the policy pages' texts. */
import type { Locale } from '@parcelport/shared';
import type { ContactInput, SITE_PAGES } from '@parcelport/shared/contracts/site/schemas';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { translate } from '../../i18n/messages.ts';
import { type ContactFilter, type ContactRow, contactPage, findContact, insertContact, markAnswered } from './repo.ts';

function contactView(row: ContactRow) {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    monthlyVolume: row.monthly_volume as ContactInput['monthlyVolume'],
    question: row.question,
    language: (row.language === 'en-US' ? 'en-US' : 'zh-CN') as Locale,
    status: (row.status === 1 ? 1 : 0) as 0 | 1,
    reply: row.reply,
    repliedBy: row.replied_by_name ?? null,
    repliedAt: isoTime(row.replied_at),
    createdAt: isoTime(row.created_at) as string,
  };
}

/** Keeps the request, then mails it to the configured inbox (if any): a mail that fails loses nothing. */
export async function sendContact(ctx: AppContext, input: ContactInput, language: Locale, ip: string) {
  const id = await insertContact(ctx.db, input, { language, ip, now: Date.now() });
  const { contactInbox } = (await ctx.settings.current()).site;
  if (contactInbox) {
    // The operator reads it in the platform's default language.
    const volume = translate(`volume_${input.monthlyVolume}`, 'zh-CN');
    await ctx.mailer.send({
      to: contactInbox,
      subject: translate('mailContactSubject', 'zh-CN', { name: `${input.firstName} ${input.lastName}` }),
      body: translate('mailContactBody', 'zh-CN', { ...input, volume }),
    });
  }
  return { id };
}

export async function listContacts(ctx: AppContext, query: ContactFilter & { page: number; pageSize: number }) {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await contactPage(ctx.db, filter, pageSize, (page - 1) * pageSize);
  return { list: rows.map(contactView), total, page, pageSize };
}

/** Answers once, by mail in the visitor's language; the answer is recorded before the mail goes. */
export async function replyContact(ctx: AppContext, id: number, reply: string, staffId: number) {
  const request = await findContact(ctx.db, id);
  if (!request) throw notFound();
  if (!(await markAnswered(ctx.db, id, reply, staffId, Date.now()))) throw new AppError(409, 'contactAnswered');
  const language = request.language === 'en-US' ? 'en-US' : 'zh-CN';
  await ctx.mailer.send({
    to: request.email,
    subject: translate('mailContactReplySubject', language),
    body: translate('mailContactReplyBody', language, {
      name: request.first_name,
      reply,
      question: request.question,
    }),
  });
  return contactView((await findContact(ctx.db, id)) as ContactRow);
}

/** A policy page's text in the reader's language, else in the other one; '' when the operator wrote none. */
export async function sitePage(ctx: AppContext, page: (typeof SITE_PAGES)[number], language: Locale) {
  const site = (await ctx.settings.current()).site;
  const texts = { zh: site[`${page}Zh`], en: site[`${page}En`] };
  return { text: (language === 'en-US' ? texts.en || texts.zh : texts.zh || texts.en) ?? '' };
}
