import { z } from 'zod';

/**
 * What a parcel's recipient sees of the account that shipped it (issue 28): the brand on the public
 * tracking page and in the mails, and the notices mailed on the parcel's way (docs/api.md "Tracking page
 * and recipient notices").
 */

/** The events a recipient may be mailed on. */
export const NOTICE_EVENTS = ['shipped', 'outForDelivery', 'delivered', 'exception'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** The placeholders a notice template may use, each written `{name}`. */
export const NOTICE_PLACEHOLDERS = [
  'brandName',
  'trackingNo',
  'carrier',
  'status',
  'trackingUrl',
  'city',
  'expectedDelivery',
  'reference',
  'supportEmail',
  'supportPhone',
  'supportUrl',
] as const;

export const NOTICE_LOCALES = ['zh-CN', 'en-US'] as const;

/** `#rrggbb`, or empty for the platform's own colour. */
const colour = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'colourInvalid');
const optionalEmail = z.union([z.literal(''), z.email('emailInvalid').max(120)]);
const optionalUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s]+$/, 'urlInvalid'),
]);

export const brandBody = z.object({
  /** The name shown at the top of the page and signing the mails ('' : the account's company name). */
  name: z.string().trim().max(60, 'textTooLong').default(''),
  /** An image uploaded through /app/attachment/upload/image (PNG, JPEG, GIF or WebP; not a PDF). */
  logoAttachmentId: z.number().int().positive().nullable().default(null),
  color: colour.default(''),
  supportEmail: z.string().trim().pipe(optionalEmail).default(''),
  supportPhone: z.string().trim().max(40, 'textTooLong').default(''),
  supportUrl: optionalUrl.default(''),
});
export type BrandInput = z.input<typeof brandBody>;

export const brandView = z.object({
  name: z.string(),
  logoAttachmentId: z.number().nullable(),
  color: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportUrl: z.string(),
});
export type BrandView = z.output<typeof brandView>;

/** The caller's own brand, and the one its recipients see when it has none (its seller's or proxy's). */
export const brandAnswer = z.object({
  own: brandView.nullable(),
  inherited: brandView.nullable(),
});

const subject = z.string().trim().max(200, 'textTooLong');
const body = z.string().trim().max(4000, 'textTooLong');

export const noticeTemplate = z.object({
  event: z.enum(NOTICE_EVENTS),
  enabled: z.boolean(),
  /** Empty: the built-in text of that language. */
  subjectZh: subject.default(''),
  bodyZh: body.default(''),
  subjectEn: subject.default(''),
  bodyEn: body.default(''),
});

export const noticeSettingsBody = z.object({
  /** The language recipients are written to. */
  locale: z.enum(NOTICE_LOCALES),
  templates: z.array(noticeTemplate).max(NOTICE_EVENTS.length),
});
export type NoticeSettingsInput = z.input<typeof noticeSettingsBody>;

export const noticeSettingsView = z.object({
  locale: z.enum(NOTICE_LOCALES),
  templates: z.array(noticeTemplate.required()),
  /** The built-in texts, per event and language, shown where a template is left empty. */
  defaults: z.array(
    z.object({
      event: z.enum(NOTICE_EVENTS),
      locale: z.enum(NOTICE_LOCALES),
      subject: z.string(),
      body: z.string(),
    }),
  ),
  placeholders: z.array(z.string()),
});
export type NoticeSettings = z.output<typeof noticeSettingsView>;

/** A template to try: rendered with a sample parcel (preview) or mailed to the caller's own address (test). */
export const noticeTryBody = z.object({
  event: z.enum(NOTICE_EVENTS),
  locale: z.enum(NOTICE_LOCALES),
  subject: subject.default(''),
  body: body.default(''),
});

export const renderedNotice = z.object({ subject: z.string(), body: z.string(), to: z.string() });
export type RenderedNotice = z.output<typeof renderedNotice>;
export type NoticeTryInput = z.input<typeof noticeTryBody>;
