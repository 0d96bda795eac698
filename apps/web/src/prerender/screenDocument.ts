import { APP_STYLE_ATTRIBUTE, DRAWN_SCREEN_SCRIPT, type DrawnScreenKind } from '@parcelport/shared';
import type { ScreenDrawing } from './drawScreens';
import { appEntryScript, appStylesheet, insert, startedAfterDrawing, templatesOf } from './indexEdits';
import { classesOf, usedStyles } from './usedStyles';

/**
 * The document of a signed-in first screen drawn at build time (issue 26), served for its path: the built
 * index.html with the screen's drawings (`kind`, each language and theme) in <template>s of the head and
 * DRAWN_SCREEN_SCRIPT after #root, which puts the reader's drawing in before the first paint and fills it from
 * the document's first calls. The head keeps inline only the rules the drawings use, of antd's styles and the
 * app's own (`appStyles`). The app's script is prefetched and the stylesheets it needs, antd's whole
 * (`antdLink`, src/prerender/antdStyles.tsx) and the app's, preloaded (after the script, in their order), not
 * run or applied: APP_START_SCRIPT, a module script in place of the app's, applies the stylesheets and then
 * runs the app once the filled drawing is painted, so that neither holds the fill back.
 */
export function screenDocument(
  indexHtml: string,
  kind: DrawnScreenKind,
  { drawings, styles }: { drawings: ScreenDrawing[]; styles: string },
  { appStyles, antdLink }: { appStyles: string; antdLink: string },
): string {
  const own = drawings.filter((drawing) => drawing.kind === kind);
  const classes = classesOf(own.map(({ markup }) => markup).join(''));
  const { tag: appLink } = appStylesheet(indexHtml);
  const entry = appEntryScript(indexHtml);
  let html = indexHtml.replace(appLink, '');
  html = insert(html, entry.tag, `<style>${usedStyles(`${styles}\n${appStyles}`, classes)}</style>\n`);
  html = startedAfterDrawing(html);
  html = insert(html, '</head>', `${templatesOf(own)}\n`);
  return insert(
    html,
    '<div id="root"></div>',
    `\n<script>${DRAWN_SCREEN_SCRIPT}</script>\n${preloaded(antdLink)}\n${preloaded(appLink)}`,
    'after',
  );
}

/** A stylesheet's link made a preload of it, which APP_START_SCRIPT makes a stylesheet again. */
function preloaded(link: string): string {
  if (!link.includes('rel="stylesheet"')) throw new Error(`${link} is not a stylesheet link`);
  return link.replace('rel="stylesheet"', `rel="preload" as="style" ${APP_STYLE_ATTRIBUTE}`);
}
