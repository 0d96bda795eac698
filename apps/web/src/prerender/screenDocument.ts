import { DRAWN_SCREEN_SCRIPT, type DrawnScreenKind } from '@parcelport/shared';
import type { ScreenDrawing } from './drawScreens';
import { classesOf, usedStyles } from './usedStyles';

/** The app's stylesheet link of the built index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/;

/** `html` with `addition` put before the first `marker`; a build whose index.html lacks it fails. */
function before(html: string, marker: string, addition: string): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`the built index.html has no ${marker}`);
  return html.slice(0, at) + addition + html.slice(at);
}

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
  const templates = own
    .map(({ locale, theme, markup }) => `<template data-locale="${locale}" data-theme="${theme}">${markup}</template>`)
    .join('\n');
  const stylesheet = STYLESHEET.exec(indexHtml);
  if (!stylesheet) throw new Error('the built index.html has no stylesheet link');
  const appLink = stylesheet[0].trim();
  let html = indexHtml.replace(stylesheet[0], '');
  html = before(html, '<script type="module"', `<style>${usedStyles(`${styles}\n${appStyles}`, classes)}</style>\n`);
  html = before(html, '</head>', `${templates}\n`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`the built index.html has no ${root}`);
  return html.replace(root, () => `${root}\n<script>${DRAWN_SCREEN_SCRIPT}</script>\n${antdLink}\n${appLink}`);
}
