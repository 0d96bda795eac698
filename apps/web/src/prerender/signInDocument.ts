import { SIGN_IN_SCRIPT } from '@parcelport/shared';
import type { SignInDrawing } from './drawSignInPage';
import { appStylesheet, insert, startedAfterDrawing, templatesOf } from './indexEdits';
import { classesOf, usedStyles } from './usedStyles';

/**
 * The classes SIGN_IN_SCRIPT gives the drawn form beyond the drawing's own: the checkbox's look when ticked.
 */
const SCRIPT_CLASSES = ['ant-checkbox-checked'];

/**
 * The sign-in document served for /login: the built index.html, whose script starts the app once the drawing
 * is painted (indexEdits.ts `startedAfterDrawing`), with each drawing in a <template> of the head, antd's
 * styles of the drawings ahead of the app's own (where antd puts its own in the browser), and SIGN_IN_SCRIPT
 * after #root, which puts the visitor's drawing into it before the first paint that can show it. The app's
 * stylesheet comes inline (`readBuilt` reads it from the build): as a link it would be a request the first
 * paint waits for, and the inline script with it.
 * Of antd's styles, only the rules the drawings can use: the rest (the grid's spans, the button's other kinds,
 * tooltips, the theme tokens nothing there reads) would be most of them and cost the browser more to parse
 * than the page itself. This also leaves out antd's record of its styles on the page (a rule of a class no
 * element has), so the app does not take these partial styles for its own but generates its own as usual.
 */
export function signInDocument(
  indexHtml: string,
  { drawings, styles }: { drawings: SignInDrawing[]; styles: string },
  readBuilt: (urlPath: string) => string,
): string {
  const classes = classesOf(drawings.map(({ markup }) => markup).join(''));
  for (const name of SCRIPT_CLASSES) classes.add(name);
  const stylesheet = appStylesheet(indexHtml);
  let html = indexHtml.replace(stylesheet.tag, () => `<style>${readBuilt(stylesheet.href)}</style>`);
  html = insert(html, '<script type="module"', `<style>${usedStyles(styles, classes)}</style>\n`);
  html = startedAfterDrawing(html);
  html = insert(html, '</head>', `${templatesOf(drawings)}\n`);
  return insert(html, '<div id="root"></div>', `\n<script>${SIGN_IN_SCRIPT}</script>`, 'after');
}
