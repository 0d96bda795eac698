import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALES,
  type Locale,
  ORDER_LIST_ROUTES,
  readerName,
} from '@parcelport/shared';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../utils/storage';

type Part = 'shell' | 'list' | 'rest';
type Catalogue = Promise<{ default: Record<string, string> }>;

/**
 * Each language's catalogue comes in three chunks (catalogue-parts.ts): the shell's keys, which a first visit
 * loads before it draws, the signed-in layout's and order lists', loaded with the layout, and the rest,
 * loaded before any other signed-in screen. The two languages have the same
 * keys (locales.test.ts); a key missing all the same loads what is missing, the fallback's included.
 */
const PARTS: Record<Locale, Record<Part, () => Catalogue>> = {
  'zh-CN': {
    shell: () => import('virtual:catalogue/zh-CN/shell'),
    list: () => import('virtual:catalogue/zh-CN/list'),
    rest: () => import('virtual:catalogue/zh-CN/rest'),
  },
  'en-US': {
    shell: () => import('virtual:catalogue/en-US/shell'),
    list: () => import('virtual:catalogue/en-US/list'),
    rest: () => import('virtual:catalogue/en-US/rest'),
  },
};
const loaded = new Map<string, Promise<void>>();
const done = new Set<string>();

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}/${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = PARTS[locale][part]().then(({ default: messages }) => {
      i18next.addResourceBundle(locale, 'translation', messages, true);
      done.add(key);
    });
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * antd's own texts (and dayjs's) in a language: English is antd's built-in default, Chinese is loaded when
 * a visit is in Chinese, so an English visit does not load it.
 */
let antdZhCN: AntdLocale | undefined;
let zhLoading: Promise<void> | undefined;
function loadLibraryTexts(locale: Locale): Promise<void> {
  if (locale !== 'zh-CN') return Promise.resolve();
  zhLoading ??= Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(([antd]) => {
    antdZhCN = antd.default;
  });
  return zhLoading;
}

/** antd's locale for the interface language (its Chinese texts once loaded). */
export function antdLocale(locale: Locale = currentLocale()): AntdLocale {
  return locale === 'zh-CN' ? (antdZhCN ?? enUS) : enUS;
}

/** Loads a language's whole catalogue once (the signed-in screens; tests). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  await Promise.all([
    loadPart(locale, 'shell'),
    loadPart(locale, 'list'),
    loadPart(locale, 'rest'),
    loadLibraryTexts(locale),
  ]);
}

const wholes = new Map<Locale, Promise<void>>();
/**
 * Null once a language's whole catalogue is loaded, else the one promise of its loading (for React's `use`,
 * which needs the same promise on every render).
 */
export function wholeCatalogue(locale: Locale = currentLocale()): Promise<void> | null {
  if ((['shell', 'list', 'rest'] as const).every((part) => done.has(`${locale}/${part}`))) return null;
  let loading = wholes.get(locale);
  if (!loading) {
    loading = loadCatalogue(locale);
    wholes.set(locale, loading);
  }
  return loading;
}

/** The screens whose texts come with the layout (the list part of the catalogue). */
const LIST_SCREENS: ReadonlySet<string> = new Set(ORDER_LIST_ROUTES.map((route) => route.name));

/**
 * What a screen of the route table waits for before it draws its texts: nothing for an order list (its part
 * comes with the layout), else the whole catalogue (see `wholeCatalogue`).
 */
export function screenCatalogue(name: string | undefined): Promise<void> | null {
  return name && LIST_SCREENS.has(name) ? null : wholeCatalogue();
}

/** Loads what the signed-in layout and the order lists need of a language's catalogue. */
export async function loadListCatalogue(locale: Locale): Promise<void> {
  await Promise.all([loadPart(locale, 'shell'), loadPart(locale, 'list'), loadLibraryTexts(locale)]);
}

/** Switches the interface language in place, its catalogue loaded first (tests; the app reloads instead). */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  await i18next.changeLanguage(locale);
}

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

/**
 * A channel, service or markup name as the reader should see it: the demo words a fresh install seeds in its
 * own language (DEMO_WORDS) put in the interface's; any other name as it was typed. Changing the language
 * reloads the page, so a name shown once is never shown in the other language.
 */
export function shownName(name: string): string {
  return readerName(name, currentLocale());
}

/** Keeps the choice; the caller reloads the page (docs/spec.md §1: confirmation, then reload). */
/** Yes or no in the reader's language, for a value that is one or the other. */
export function yesNo(value: boolean, translate: TFunction): string {
  return translate(value ? 'common.yes' : 'common.no');
}

export function saveLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
}

const locale = storedLocale();
// Keys are flat ("menu.dashboard" and "menu.dashboard.workplace" both exist), so no key separator.
void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: locale,
  fallbackLng: FALLBACK_LOCALE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key the loaded parts lack: load the reader's whole catalogue, then the fallback's; screens render
  // again once a part is added.
  saveMissing: true,
  missingKeyHandler: () => void loadCatalogue(currentLocale()).then(() => loadCatalogue(FALLBACK_LOCALE)),
  react: { bindI18nStore: 'added' },
});
/** Resolves once the shell's part of the reader's catalogue (and antd's and dayjs's texts) is loaded: the app renders after it. */
export const i18nReady = Promise.all([
  loadPart(locale, 'shell'),
  loadLibraryTexts(locale).then(() => {
    dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  }),
]).then(() => undefined);
if (typeof document !== 'undefined') document.documentElement.lang = locale;

export const t = i18next.t.bind(i18next);
export default i18next;
