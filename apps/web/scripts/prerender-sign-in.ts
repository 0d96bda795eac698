/**
 * After `vite build`: the sign-in page drawn at build time (issue 26, first screen). src/prerender is bundled
 * for Node (everything inlined, as the browser's build does: antd's ES modules, the catalogues' virtual
 * modules), then run: the page in each language and theme by React's server renderer with antd's styles
 * extracted, written with the built index.html's scripts as dist/login.html, which the server sends for /login.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIGN_IN_DOCUMENT } from '@parcelport/shared';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { catalogueParts } from '../catalogue-parts.ts';
import type * as Prerender from '../src/prerender/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const BUNDLE = path.join(ROOT, 'node_modules/.prerender');

await build({
  configFile: false,
  root: ROOT,
  logLevel: 'warn',
  plugins: [react(), catalogueParts()],
  ssr: { noExternal: true },
  build: { ssr: 'src/prerender/index.ts', outDir: BUNDLE, emptyOutDir: true },
});
try {
  const { drawSignInPage, signInDocument }: typeof Prerender = await import(
    pathToFileURL(path.join(BUNDLE, 'index.js')).href
  );
  const drawn = await drawSignInPage();
  const readBuilt = (urlPath: string) => readFileSync(path.join(DIST, urlPath), 'utf8');
  const html = signInDocument(readBuilt('/index.html'), drawn, readBuilt);
  writeFileSync(path.join(DIST, SIGN_IN_DOCUMENT), html);
  console.log(`drew the sign-in page: dist/${SIGN_IN_DOCUMENT}, ${(html.length / 1024).toFixed(0)} KB`);
} finally {
  rmSync(BUNDLE, { recursive: true, force: true });
}
