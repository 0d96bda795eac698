import { APP_ENTRY_ATTRIBUTE, APP_START_SCRIPT } from '@parcelport/shared';

/** Edits of the built index.html, which the build's drawn documents start from (the sign-in page, the first screens). */

/** `html` with `addition` put before (or after) the first `marker`; a build whose index.html lacks it fails. */
export function insert(html: string, marker: string, addition: string, where: 'before' | 'after' = 'before'): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`the built index.html has no ${marker}`);
  const cut = where === 'before' ? at : at + marker.length;
  return html.slice(0, cut) + addition + html.slice(cut);
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/;

/** The app's stylesheet link of the built index.html: the tag, and the file it links. */
export function appStylesheet(indexHtml: string): { tag: string; href: string } {
  const found = STYLESHEET.exec(indexHtml);
  if (!found) throw new Error('the built index.html has no stylesheet link');
  return { tag: found[0], href: found[1] as string };
}

/** Each drawing in a <template> of its language and theme, of which the document's script takes the reader's. */
export function templatesOf(drawings: readonly { locale: string; theme: string; markup: string }[]): string {
  return drawings
    .map(({ locale, theme, markup }) => `<template data-locale="${locale}" data-theme="${theme}">${markup}</template>`)
    .join('\n');
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The app's entry script tag of the built index.html, and the file it loads. */
export function appEntryScript(indexHtml: string): { tag: string; src: string } {
  const found = ENTRY_SCRIPT.exec(indexHtml);
  if (!found) throw new Error('the built index.html has no module script');
  return { tag: found[0], src: found[1] as string };
}

/**
 * `html` with the app's entry script prefetched, neither parsed nor run, and APP_START_SCRIPT in its place,
 * which runs it once the document's drawing is painted (packages/shared app-start.ts). A prefetch, not a
 * module preload: a preloaded module is parsed and compiled at once on another thread, which on two cores
 * took the time the drawing needed (the bench's `web`, bench/README.md).
 */
export function startedAfterDrawing(html: string): string {
  const entry = appEntryScript(html);
  return html.replace(
    entry.tag,
    () =>
      `<link rel="prefetch" crossorigin href="${entry.src}" ${APP_ENTRY_ATTRIBUTE}>\n<script type="module">${APP_START_SCRIPT}</script>`,
  );
}
