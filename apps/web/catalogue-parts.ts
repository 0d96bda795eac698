/**
 * The language catalogues in two parts per language, as virtual modules of the build:
 * `virtual:catalogue/<locale>/shell`, the keys a visit needs before signing in (the public pages, the
 * sign-in and registration forms, the page titles, errors), and `virtual:catalogue/<locale>/rest`, the
 * signed-in screens'. A first visit loads the small part; src/i18n loads the rest with the app's layout.
 * The catalogues stay one file per language in src/locales (one list of keys for people and tests).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

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

const ID = /^\0virtual:catalogue\/(zh-CN|en-US)\/(shell|rest)$/;

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
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const inShell = (key: string) => SHELL_NAMESPACES.has(key.split('.')[0] as string);
      const chosen = Object.entries(messages).filter(([key]) => inShell(key) === (part === 'shell'));
      return `export default ${JSON.stringify(Object.fromEntries(chosen))};`;
    },
  };
}
