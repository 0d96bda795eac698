import { type Locale, TRACKING_STATUS } from '@parcelport/shared';
import {
  NOTICE_EVENTS,
  NOTICE_PLACEHOLDERS,
  type NoticeEvent,
  type NoticeSettings,
  type noticeSettingsBody,
  type noticeTryBody,
  type RenderedNotice,
} from '@parcelport/shared/contracts/branding/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invalidFields, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { brandRowOf, type EffectiveBrand, effectiveBrand, setNoticeLocale } from '../branding/index.ts';
import { findOrder, parcelStatesOf, parseAddress, publicIdOf } from '../orders/index.ts';
import { expectedDelivery, trackingPageUrl } from '../tracking/index.ts';
import { findUserById } from '../users/index.ts';
import { noticeSettingOf, noticeSettingsOf, noticesSwitchedOn, recordNotice, upsertNoticeSettings } from './repo.ts';
import { defaultTemplate, type NoticeValues, noticeEventOf, renderNotice, unknownPlaceholders } from './templates.ts';

/**
 * The notices a merchant's recipients are mailed on their parcel's way (issue 28): shipped, out for
 * delivery, delivered, exception; each switched on per event by the merchant, written from its template in
 * the merchant's chosen language, sent through the platform's mailer (SMTP or the outbox), and recorded
 * once per order and event. The recipient's address is read from the order here and nowhere else in the
 * tracking path; the carrier adapters never send it (test/recipient-email.test.ts).
 */

const localeOf = (value: string | undefined): Locale => (value === 'en-US' ? 'en-US' : 'zh-CN');

export async function noticeSettings(db: Db, userId: number): Promise<NoticeSettings> {
  const rows = await noticeSettingsOf(db, userId);
  const brand = await brandRowOf(db, userId);
  return {
    locale: localeOf(brand?.notice_locale),
    templates: NOTICE_EVENTS.map((event) => {
      const row = rows.find((candidate) => candidate.event === event);
      return {
        event,
        enabled: row?.enabled === 1,
        subjectZh: row?.subject_zh ?? '',
        bodyZh: row?.body_zh ?? '',
        subjectEn: row?.subject_en ?? '',
        bodyEn: row?.body_en ?? '',
      };
    }),
    defaults: NOTICE_EVENTS.flatMap((event) =>
      (['zh-CN', 'en-US'] as const).map((locale) => ({ event, locale, ...defaultTemplate(event, locale) })),
    ),
    placeholders: [...NOTICE_PLACEHOLDERS],
  };
}

/** Refuses a text naming a placeholder that does not exist, on its field. */
function refuseUnknownPlaceholders(fields: Record<string, string>): void {
  const refused: Record<string, MessageKey> = {};
  for (const [field, text] of Object.entries(fields))
    if (unknownPlaceholders(text).length > 0) refused[field] = 'noticePlaceholderUnknown';
  if (Object.keys(refused).length > 0) throw invalidFields(refused);
}

export async function saveNoticeSettings(ctx: AppContext, userId: number, body: z.output<typeof noticeSettingsBody>) {
  const texts: Record<string, string> = {};
  body.templates.forEach((template, index) => {
    for (const key of ['subjectZh', 'bodyZh', 'subjectEn', 'bodyEn'] as const)
      texts[`templates.${index}.${key}`] = template[key];
  });
  refuseUnknownPlaceholders(texts);
  await ctx.db.transaction().execute(async (trx) => {
    await setNoticeLocale(trx, userId, body.locale);
    await upsertNoticeSettings(
      trx,
      userId,
      body.templates.map((template) => ({
        event: template.event,
        enabled: template.enabled ? 1 : 0,
        subject_zh: template.subjectZh,
        body_zh: template.bodyZh,
        subject_en: template.subjectEn,
        body_en: template.bodyEn,
      })),
    );
  });
  return noticeSettings(ctx.db, userId);
}

/** The values of a notice's placeholders for an order (or the sample parcel of a preview). */
function valuesOf(
  brand: EffectiveBrand,
  locale: Locale,
  parcel: {
    trackingNo: string;
    carrier: string;
    status: number;
    trackingUrl: string;
    city: string;
    expected: string;
    reference: string;
  },
): NoticeValues {
  return {
    brandName: brand.name,
    trackingNo: parcel.trackingNo,
    carrier: parcel.carrier,
    status: translate(`tracking${parcel.status}` as MessageKey, locale),
    trackingUrl: parcel.trackingUrl,
    city: parcel.city,
    expectedDelivery: parcel.expected,
    reference: parcel.reference,
    supportEmail: brand.supportEmail,
    supportPhone: brand.supportPhone,
    supportUrl: brand.supportUrl,
  };
}

const SAMPLE_STATUS: Record<NoticeEvent, number> = {
  shipped: TRACKING_STATUS.inTransit,
  outForDelivery: TRACKING_STATUS.outForDelivery,
  delivered: TRACKING_STATUS.delivered,
  exception: TRACKING_STATUS.exception,
};

/** A template rendered with a sample parcel under the caller's brand; `to` is the caller's own address. */
export async function previewNotice(ctx: AppContext, userId: number, body: z.output<typeof noticeTryBody>) {
  refuseUnknownPlaceholders({ subject: body.subject, body: body.body });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const brand = await effectiveBrand(ctx.db, userId);
  const values = valuesOf(brand, body.locale, {
    trackingNo: '9400111899223344556677',
    carrier: 'USPS',
    status: SAMPLE_STATUS[body.event],
    trackingUrl: `${ctx.config.publicUrl.replace(/\/$/, '')}/t/SAMPLE`,
    city: 'New York, NY',
    expected: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    reference: 'SAMPLE-1001',
  });
  const rendered = renderNotice(body.event, body.locale, { subject: body.subject, body: body.body }, values);
  return { ...rendered, to: user.email } satisfies RenderedNotice;
}

/** The preview, mailed to the caller's own address (never to a recipient). */
export async function sendTestNotice(ctx: AppContext, userId: number, body: z.output<typeof noticeTryBody>) {
  const rendered = await previewNotice(ctx, userId, body);
  await ctx.mailer.send({ to: rendered.to, subject: rendered.subject, body: rendered.body });
  return rendered;
}

/**
 * Tells the order's recipient of a parcel's new state, when it makes an event the merchant switched on
 * and the recipient has an address; at most once per order and event, whichever instance comes first.
 * Delivered waits until every parcel of the order is. `merchant` is the order's, when the caller knows it:
 * then the order is read only for an event the merchant switched on.
 */
export async function noticeRecipient(
  ctx: AppContext,
  orderId: number,
  trackingStatus: number,
  merchant?: number,
): Promise<void> {
  const event = noticeEventOf(trackingStatus);
  if (!event) return;
  const known = merchant === undefined ? undefined : { setting: await noticeSettingOf(ctx.db, merchant, event) };
  await noticeOfEvent(ctx, orderId, trackingStatus, event, known);
}

type NoticeSetting = Awaited<ReturnType<typeof noticeSettingOf>>;

/**
 * noticeRecipient once the event is known, and the merchant's setting of it when the caller read it (`known`;
 * else it is read with the order).
 */
async function noticeOfEvent(
  ctx: AppContext,
  orderId: number,
  trackingStatus: number,
  event: NoticeEvent,
  known: { setting: NoticeSetting } | undefined,
): Promise<void> {
  if (known && known.setting?.enabled !== 1) return;
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  const setting = known ? known.setting : await noticeSettingOf(ctx.db, order.user_id, event);
  if (setting?.enabled !== 1) return;
  const to = parseAddress(order.to_address);
  const email = (to.email ?? '').trim();
  if (!email) return;
  if (event === 'delivered') {
    const states = await parcelStatesOf(ctx.db, orderId);
    if (!states.every((state) => state === TRACKING_STATUS.delivered)) return;
  }
  const locale = localeOf((await brandRowOf(ctx.db, order.user_id))?.notice_locale);
  const publicId = await publicIdOf(ctx.db, orderId);
  const brand = await effectiveBrand(ctx.db, order.user_id);
  const values = valuesOf(brand, locale, {
    trackingNo: order.tracking_no ?? '',
    carrier: order.carrier_code ?? '',
    status: trackingStatus,
    trackingUrl: publicId ? trackingPageUrl(ctx.config.publicUrl, publicId) : '',
    city: [to.city, to.stateCode].filter(Boolean).join(', '),
    expected: expectedDelivery(order) ?? '',
    reference: order.reference1,
  });
  const own =
    locale === 'zh-CN'
      ? { subject: setting.subject_zh, body: setting.body_zh }
      : { subject: setting.subject_en, body: setting.body_en };
  const mail = renderNotice(event, locale, own, values);
  if (!(await recordNotice(ctx.db, { orderId, event, email, locale }))) return;
  await ctx.mailer.send({ to: email, ...mail });
}

/**
 * `noticeRecipient` for the news of many parcels (a group of carrier pushes): the merchants' settings switched
 * on read in one query, and only the news whose event is switched on goes further, its setting in hand. A
 * failure is logged, never thrown.
 */
export async function noticeRecipients(
  ctx: AppContext,
  news: readonly { orderId: number; status: number; merchant?: number | undefined }[],
): Promise<void> {
  const due = news.flatMap((item) => {
    const event = noticeEventOf(item.status);
    return event ? [{ ...item, event }] : [];
  });
  const merchants = due.flatMap((item) => (item.merchant === undefined ? [] : [item.merchant]));
  const on = new Map((await noticesSwitchedOn(ctx.db, merchants)).map((row) => [`${row.user_id}:${row.event}`, row]));
  for (const item of due) {
    const known = item.merchant === undefined ? undefined : { setting: on.get(`${item.merchant}:${item.event}`) };
    if (known && !known.setting) continue;
    try {
      await noticeOfEvent(ctx, item.orderId, item.status, item.event, known);
    } catch (error) {
      ctx.log.error({ err: error, orderId: item.orderId }, "a recipient's notice failed");
    }
  }
}
