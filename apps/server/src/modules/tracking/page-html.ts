import type { Locale } from '@parcelport/shared';
import type { PublicTracking } from '@parcelport/shared/contracts/tracking/public-page';
import { type MessageKey, translate } from '../../i18n/messages.ts';

/**
 * The public tracking page as one small HTML document (issue 28): no script, no web-app bundle, its style
 * inline, so it opens fast on a phone from a mail. The only other request is the brand's logo.
 */

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

/** The platform's own colour, when the brand has none (the web app's primary). */
const DEFAULT_COLOUR = '#165dff';

const style = (colour: string) =>
  `body{margin:0;font:15px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1d2129;background:#f7f8fa}
header{background:${colour};color:#fff;padding:16px 20px;display:flex;align-items:center;gap:12px}
header img{max-height:40px;max-width:160px;background:#fff;border-radius:4px;padding:2px}
header h1{font-size:18px;margin:0;flex:1}header nav a{color:#fff;margin-left:10px}
main{max-width:640px;margin:0 auto;padding:16px}section{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px}
.state{font-size:22px;font-weight:600;color:${colour}}.muted{color:#86909c;font-size:13px}
ol{list-style:none;padding:0;margin:0}li{border-left:2px solid #e5e6eb;padding:0 0 12px 14px;position:relative}
li:before{content:"";position:absolute;left:-6px;top:6px;width:10px;height:10px;border-radius:50%;background:#c9cdd4}
li:first-child:before{background:${colour}}dl{margin:0}dt{color:#86909c;font-size:13px}dd{margin:0 0 8px}`;

const t = (key: MessageKey, locale: Locale, params?: Record<string, string>) => translate(key, locale, params);

/** The other language's link: the same page with `?lang=`. */
function languageLinks(locale: Locale): string {
  return locale === 'zh-CN'
    ? '<a href="?lang=en-US" hreflang="en">English</a>'
    : '<a href="?lang=zh-CN" hreflang="zh">中文</a>';
}

function document(locale: Locale, title: string, colour: string, header: string, main: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${html(title)}</title><style>${style(colour)}</style></head><body><header>${header}<nav>${languageLinks(locale)}</nav></header><main>${main}</main></body></html>`;
}

const colourOf = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? colour : DEFAULT_COLOUR);

export function trackingPageHtml(view: PublicTracking, locale: Locale): string {
  const { brand } = view;
  const title = brand.name ? `${brand.name} · ${t('trackPageTitle', locale)}` : t('trackPageTitle', locale);
  const logo = brand.logoUrl ? `<img src="${html(brand.logoUrl)}" alt="${html(brand.name)}">` : '';
  const header = `${logo}<h1>${html(brand.name || t('trackPageTitle', locale))}</h1>`;
  const place = [view.destination.city, view.destination.stateCode, view.destination.countryCode]
    .filter(Boolean)
    .join(', ');
  const facts = [
    [t('trackPageCarrier', locale), [view.carrierCode, view.serviceName].filter(Boolean).join(' · ')],
    [t('trackPageTrackingNo', locale), view.parcels.map((parcel) => parcel.trackingNo).join(', ')],
    [t('trackPageDestination', locale), place],
    ...(view.expectedDelivery ? [[t('trackPageExpected', locale), view.expectedDelivery]] : []),
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `<dt>${html(name as string)}</dt><dd>${html(value as string)}</dd>`)
    .join('');
  const timeline =
    view.events.length === 0
      ? `<p class="muted">${html(t('trackPageNoEvents', locale))}</p>`
      : `<ol>${view.events
          .map(
            (event) =>
              `<li><strong>${html(event.state)}</strong> ${html(event.description)}<div class="muted">${html(
                [event.location, event.time.slice(0, 16).replace('T', ' ')].filter(Boolean).join(' · '),
              )} UTC</div></li>`,
          )
          .join('')}</ol>`;
  const contact = [
    brand.supportEmail ? `<a href="mailto:${html(brand.supportEmail)}">${html(brand.supportEmail)}</a>` : '',
    brand.supportPhone ? `<a href="tel:${html(brand.supportPhone)}">${html(brand.supportPhone)}</a>` : '',
    brand.supportUrl ? `<a href="${html(brand.supportUrl)}" rel="noopener nofollow">${html(brand.supportUrl)}</a>` : '',
  ].filter(Boolean);
  const main = [
    `<section><div class="muted">${html(t('trackPageStatus', locale))}</div><div class="state" data-status="${view.status}">${html(view.state)}</div><dl>${facts}</dl></section>`,
    `<section><h2>${html(t('trackPageTimeline', locale))}</h2>${timeline}</section>`,
    contact.length > 0
      ? `<section><h2>${html(t('trackPageSupport', locale))}</h2><p>${contact.join('<br>')}</p></section>`
      : '',
  ].join('');
  return document(locale, title, colourOf(brand.color), header, main);
}

/** The page for any id that shows nothing: says neither whether the id exists nor whose it would be. */
export function notFoundPageHtml(locale: Locale): string {
  return document(
    locale,
    t('trackPageNotFoundTitle', locale),
    DEFAULT_COLOUR,
    `<h1>${html(t('trackPageTitle', locale))}</h1>`,
    `<section><h2>${html(t('trackPageNotFoundTitle', locale))}</h2><p>${html(t('trackPageNotFoundBody', locale))}</p></section>`,
  );
}
