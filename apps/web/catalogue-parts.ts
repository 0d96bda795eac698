/**
 * The language catalogues in three parts per language, as virtual modules of the build:
 * `virtual:catalogue/<locale>/shell`, the keys a visit needs before signing in (the public pages, the
 * sign-in and registration forms, the page titles, errors), `virtual:catalogue/<locale>/list`, the
 * signed-in layout's and the order lists' (a merchant's first screen), and `virtual:catalogue/<locale>/rest`,
 * the other signed-in screens'. A first visit loads the shell's part; src/i18n loads the list's with the
 * app's layout and the rest before any other screen.
 * The catalogues stay one file per language in src/locales (one list of keys for people and tests), with the
 * names packages/shared holds for both sides added (src/locales/catalogue.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@parcelport/shared';
import type { Plugin } from 'vite';
import { withSharedNames } from './src/locales/catalogue.ts';

/** The first segments of the keys the shell part holds. */
export const SHELL_NAMESPACES = new Set([
  'app',
  'actingAs',
  'comingSoon',
  'common',
  'config',
  'error',
  'field',
  'footer',
  'forgot',
  'help',
  'login',
  'menu',
  'navbar',
  'notFound',
  'register',
  'request',
  'reset',
  'site',
  'validation',
  'watermark',
]);

/**
 * The first segments of the keys of the list part, beyond the shell's: what the signed-in layout (navbar,
 * menu, tabs, messages, wallet) and the order lists with their batch tools and dialogs show (the toolbar's
 * saved views, new return and test data switch, the tag filter, a row's tracking link). A key missing all the same loads the whole
 * catalogue (src/i18n); features/orders/orderListCatalogue.test.tsx names any the order list asks for.
 */
export const LIST_NAMESPACES = new Set([
  'address',
  'batch',
  'breadcrumb',
  'crypto',
  'data',
  'export',
  'funds',
  'labels',
  'manifest',
  'messageBox',
  'orderAction',
  'orderList',
  'orderStatus',
  'orders',
  'parcel',
  'returns',
  'role',
  'savedViews',
  'settings',
  'tabBar',
  'tableSettings',
  'tags',
  'testData',
  'trackingLink',
  'volume',
  'waybills',
  'workplace',
]);

const ID = /^\0virtual:catalogue\/(zh-CN|en-US)\/(shell|list|rest)$/;

export function catalogueParts(): Plugin {
  return {
    name: 'parcelport-catalogue-parts',
    resolveId: (id) => (id.startsWith('virtual:catalogue/') ? `\0${id}` : undefined),
    load(id) {
      const match = ID.exec(id);
      if (!match) return undefined;
      const [, locale, part] = match;
      const file = path.resolve(import.meta.dirname, `src/locales/${locale}.json`);
      this.addWatchFile(file);
      const own = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const messages = withSharedNames(own, locale as Locale);
      const partOf = (key: string) => {
        const namespace = key.split('.')[0] as string;
        return SHELL_NAMESPACES.has(namespace) ? 'shell' : LIST_NAMESPACES.has(namespace) ? 'list' : 'rest';
      };
      const chosen = Object.entries(messages).filter(([key]) => partOf(key) === part);
      return `export default ${JSON.stringify(Object.fromEntries(chosen))};`;
    },
  };
}
