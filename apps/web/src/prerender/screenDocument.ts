import { DRAWN_SCREEN_SCRIPT, type DrawnScreenKind } from '@parcelport/shared';
import type { ScreenDrawing } from './drawScreens';
import { appStylesheet, insert, templatesOf } from './indexEdits';
import { classesOf, usedStyles } from './usedStyles';

/**
 * The document of a signed-in first screen drawn at build time (issue 26), served for its path: the built
 * index.html, whose script starts the app as on any page, with the screen's drawings (`kind`, each language and
 * theme) in <template>s of the head and DRAWN_SCREEN_SCRIPT after #root, which puts the reader's drawing in
 * before the first paint and fills it from the document's first calls. The head keeps inline only the rules the
 * drawings use, of antd's styles and the app's own (`appStyles`); the stylesheets the app needs, antd's whole
 * (`antdLink`, src/prerender/antdStyles.tsx) and the app's, are linked after the script, in their order, so
 * that the drawing is painted without waiting for them (the app's script does wait, so antd finds the record
 * of its styles at the first render, as on any page).
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
  let html = indexHtml.replace(appLink, '');
  html = insert(html, '<script type="module"', `<style>${usedStyles(`${styles}\n${appStyles}`, classes)}</style>\n`);
  html = insert(html, '</head>', `${templatesOf(own)}\n`);
  return insert(
    html,
    '<div id="root"></div>',
    `\n<script>${DRAWN_SCREEN_SCRIPT}</script>\n${antdLink}\n${appLink}`,
    'after',
  );
}
