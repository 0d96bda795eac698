import { type Locale, TRACKING_STATUS } from '@parcelport/shared';
import { NOTICE_PLACEHOLDERS, type NoticeEvent } from '@parcelport/shared/contracts/branding/schemas';
import { type MessageKey, translate } from '../../i18n/messages.ts';

/**
 * The recipient notices' texts: a merchant's template, or the built-in one of its language, with
 * `{placeholder}`s filled in. Only the placeholders of NOTICE_PLACEHOLDERS exist; a template naming another
 * is refused when saved, so a recipient never reads a `{typo}`.
 */

export type NoticeValues = Record<(typeof NOTICE_PLACEHOLDERS)[number], string>;

const KEYS: Record<NoticeEvent, { subject: MessageKey; body: MessageKey }> = {
  shipped: { subject: 'noticeShippedSubject', body: 'noticeShippedBody' },
  outForDelivery: { subject: 'noticeOutForDeliverySubject', body: 'noticeOutForDeliveryBody' },
  delivered: { subject: 'noticeDeliveredSubject', body: 'noticeDeliveredBody' },
  exception: { subject: 'noticeExceptionSubject', body: 'noticeExceptionBody' },
};

/** The built-in subject and body of an event in a language, placeholders unfilled. */
export function defaultTemplate(event: NoticeEvent, locale: Locale) {
  // translate() without values leaves every {placeholder} as written.
  return { subject: translate(KEYS[event].subject, locale), body: translate(KEYS[event].body, locale) };
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a text names that do not exist. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] as string)
    .filter((name) => !(NOTICE_PLACEHOLDERS as readonly string[]).includes(name));
}

export function fill(text: string, values: NoticeValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as keyof NoticeValues] || '-' : whole,
  );
}

/** The mail of an event: the merchant's own subject and body where set, else the built-in ones. */
export function renderNotice(
  event: NoticeEvent,
  locale: Locale,
  own: { subject: string; body: string },
  values: NoticeValues,
): { subject: string; body: string } {
  const builtIn = defaultTemplate(event, locale);
  return {
    subject: fill(own.subject || builtIn.subject, values).replace(/[\r\n]+/g, ' '),
    body: fill(own.body || builtIn.body, values),
  };
}

/** The tracking status that makes each event (exception: a failed delivery too). */
export function noticeEventOf(trackingStatus: number): NoticeEvent | null {
  switch (trackingStatus) {
    case TRACKING_STATUS.inTransit:
      return 'shipped';
    case TRACKING_STATUS.outForDelivery:
      return 'outForDelivery';
    case TRACKING_STATUS.delivered:
      return 'delivered';
    case TRACKING_STATUS.deliveryFailed:
    case TRACKING_STATUS.exception:
      return 'exception';
    default:
      return null;
  }
}
