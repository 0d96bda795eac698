import { LOOK_COOKIE, lookOf } from '@parcelport/shared';
import { storedLocale } from '../i18n';
import { useSettingsStore } from '../stores/settings';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Sets the look cookie (packages/shared looks.ts) to the stored language and theme: the server then sends a
 * document drawn at build time (the sign-in page, the order list, the workplace) with the reader's drawing
 * alone. The language switch calls it once the new language is kept, before the reload that shows it.
 */
export function writeLookCookie(): void {
  const look = lookOf(storedLocale(), useSettingsStore.getState().theme);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser served (nor jsdom); the value is one of four fixed words, nothing to escape
  document.cookie = `${LOOK_COOKIE}=${look}; path=/; max-age=${YEAR_S}; samesite=lax${secure}`;
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
