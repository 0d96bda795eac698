import { LOOK_COOKIE, lookOf } from '@parcelport/shared';
import { storedLocale } from '../i18n';
import { useSettingsStore } from '../stores/settings';
import { COOKIE_YEAR_S, writeCookie } from './cookies';

/**
 * Sets the look cookie (packages/shared looks.ts) to the stored language and theme: the server then sends a
 * document drawn at build time (the sign-in page, the order list, the workplace) with the reader's drawing
 * alone. The language switch calls it once the new language is kept, before the reload that shows it.
 */
export function writeLookCookie(): void {
  writeCookie(LOOK_COOKIE, lookOf(storedLocale(), useSettingsStore.getState().theme), COOKIE_YEAR_S);
}

/**
 * Writes the look cookie now (a reader who has none yet, or whose storage changed) and whenever the theme
 * changes, until the returned function is called.
 */
export function keepLookCookie(): () => void {
  writeLookCookie();
  return useSettingsStore.subscribe((state, before) => {
    if (state.theme !== before.theme) writeLookCookie();
  });
}
