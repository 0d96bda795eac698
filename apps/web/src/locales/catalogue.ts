import { columnNameEntries, type Locale, stateNameEntries } from '@parcelport/shared';
import enUS from './en-US.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };

const OWN: Record<Locale, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/**
 * A language's whole catalogue as the app loads it: the web's own texts (./<locale>.json) and the names that
 * packages/shared holds for the server and the web alike: the names of states and kinds (state-names.ts) and
 * the words heading columns (column-names.ts). Read by the build (../../catalogue-parts.ts), by tests and by the
 * browser suite's `text()`; the app loads the parts.
 */
export function catalogueOf(locale: Locale): Record<string, string> {
  return withSharedNames(OWN[locale], locale);
}

/** A language's own texts with the shared names added (the build reads the file anew as it changes). */
export function withSharedNames(own: Record<string, string>, locale: Locale): Record<string, string> {
  return { ...own, ...stateNameEntries(locale), ...columnNameEntries(locale) };
}
