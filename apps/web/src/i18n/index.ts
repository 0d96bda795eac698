import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@parcelport/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en-US.json';
import zhCN from '../locales/zh-CN.json';
import { STORAGE_KEYS } from '../utils/storage';

export const resources = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** The language kept in local storage, else zh-CN (docs/spec.md §1). */
export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.locale);
    if (value && (LOCALES as readonly string[]).includes(value)) return value as Locale;
  } catch {
    // storage unavailable: use the default
  }
  return DEFAULT_LOCALE;
}

/** The current interface language; sent as Accept-Language on every API call. */
export function currentLocale(): Locale {
  const language = i18next.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : storedLocale();
}

/** Keeps the choice; the caller reloads the page (docs/spec.md §1: confirmation, then reload). */
export function saveLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
}

const locale = storedLocale();
// Keys are flat ("menu.dashboard" and "menu.dashboard.workplace" both exist), so no key separator.
void i18next.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: zhCN },
    'en-US': { translation: enUS },
  },
  lng: locale,
  fallbackLng: FALLBACK_LOCALE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
if (typeof document !== 'undefined') document.documentElement.lang = locale;

export const t = i18next.t.bind(i18next);
export default i18next;
