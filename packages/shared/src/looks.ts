import { LOCALES, type Locale } from './constants.ts';

/** The themes a screen is drawn in (the web app's `settings.theme`). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * A reader's look: their language and theme, as `<locale>.<theme>`. Both are kept in the browser's local
 * storage, out of the server's sight; the web app keeps them in this cookie too, so that for a document drawn
 * at build time in every look (the sign-in page, the order list, the workplace) the server sends the one
 * holding the reader's drawing alone rather than all four (the order list's four are 570 KB of markup for the
 * browser to parse before its first paint).
 */
export const LOOK_COOKIE = 'look';

export const LOOKS: readonly string[] = LOCALES.flatMap((locale) => THEMES.map((theme) => lookOf(locale, theme)));

export function lookOf(locale: Locale, theme: Theme): string {
  return `${locale}.${theme}`;
}

/** The language of a look (one of LOOKS). */
export function lookLocale(look: string): Locale {
  return look.slice(0, look.indexOf('.')) as Locale;
}

/** The file of a drawn document holding one look's drawing, beside the one holding all: `orders.en-US.dark.html`. */
export function lookDocument(document: string, look: string): string {
  return document.replace(/\.html$/, `.${look}.html`);
}

/** The value of cookie `name` in a request's Cookie header, as sent; undefined where it has none. */
export function cookieIn(header: string | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The look a request's Cookie header holds, when it is one of LOOKS; else null. */
export function lookInCookies(header: string | undefined): string | null {
  const look = cookieIn(header, LOOK_COOKIE);
  return look !== undefined && LOOKS.includes(look) ? look : null;
}
