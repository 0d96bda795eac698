/**
 * After `vite build`: the sign-in page drawn at build time (issue 26, first screen). src/prerender is bundled
 * for Node (everything inlined, as the browser's build does: antd's ES modules, the catalogues' virtual
 * modules), then run: the page in each language and theme by React's server renderer with antd's styles
 * extracted, written with the built index.html's scripts as dist/login.html, which the server sends for /login.
 * Then antd's styles of every component, generated once here rather than by each visitor's browser at each
 * first render: dist/assets/antd-<hash>.css, linked from dist/index.html (src/prerender/antdStyles.tsx).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DRAWN_SCREENS,
  LOOKS,
  type Locale,
  lookDocument,
  lookOf,
  SIGN_IN_DOCUMENT,
  type Theme,
} from '@parcelport/shared';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { catalogueParts } from '../catalogue-parts.ts';
import type * as Prerender from '../src/prerender/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const BUNDLE = path.join(ROOT, 'node_modules/.prerender');

/**
 * Writes a drawn document as `document` with every look's drawing (for a reader whose look the server does not
 * know), and beside it one per look with that look's drawing alone (packages/shared looks.ts), which the server
 * sends to a reader whose cookie names it.
 */
function writeLooks<Drawing extends { locale: Locale; theme: Theme }>(
  document: string,
  name: string,
  { drawings }: { drawings: Drawing[] },
  write: (drawings: Drawing[]) => string,
): void {
  const all = write(drawings);
  writeFileSync(path.join(DIST, document), all);
  const sizes = LOOKS.map((look) => {
    const html = write(drawings.filter(({ locale, theme }) => lookOf(locale, theme) === look));
    writeFileSync(path.join(DIST, lookDocument(document, look)), html);
    return html.length;
  });
  const kb = (length: number) => (length / 1024).toFixed(0);
  console.log(`drew ${name}: dist/${document}, ${kb(all.length)} KB; one look each, ${sizes.map(kb).join(' / ')} KB`);
}

await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  plugins: [react(), catalogueParts()],
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender/index.ts', outDir: BUNDLE, emptyOutDir: true },
});
try {
  const {
    antdStyles,
    antdStylesLink,
    appStylesheet,
    drawScreens,
    drawSignInPage,
    screenDocument,
    signInDocument,
    withAntdStyles,
  }: typeof Prerender = await import(pathToFileURL(path.join(BUNDLE, 'index.js')).href);
  const drawn = await drawSignInPage();
  const readBuilt = (urlPath: string) => readFileSync(path.join(DIST, urlPath), 'utf8');
  const index = readBuilt('/index.html');
  // the sign-in document keeps to the styles its drawing uses (the app generates the rest there, as before)
  writeLooks(SIGN_IN_DOCUMENT, 'the sign-in page', drawn, (drawings) =>
    signInDocument(index, { ...drawn, drawings }, readBuilt),
  );
  const styles = antdStyles();
  const href = `/assets/antd-${createHash('sha256').update(styles.css).digest('base64url').slice(0, 8)}.css`;
  writeFileSync(path.join(DIST, href), styles.css);
  writeFileSync(path.join(DIST, 'index.html'), withAntdStyles(index, href));
  // the signed-in first screens: their frames and first content drawn, antd's and the app's stylesheets after
  const screens = await drawScreens();
  const appStyles = readBuilt(appStylesheet(index).href);
  for (const { kind, document } of DRAWN_SCREENS) {
    writeLooks(document, `the ${kind} screen`, screens, (drawings) =>
      screenDocument(index, kind, { ...screens, drawings }, { appStyles, antdLink: antdStylesLink(href) }),
    );
  }
  console.log(
    `antd's styles of ${styles.drawn} components and parts: dist${href}, ${(styles.css.length / 1024).toFixed(0)} KB` +
      (styles.failed.length > 0 ? ` (not drawn alone: ${styles.failed.join(', ')})` : ''),
  );
} finally {
  rmSync(BUNDLE, { recursive: true, force: true });
}
