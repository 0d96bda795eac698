/**
 * How the documents drawn at build time (issue 26: the sign-in page, the signed-in first screens) start the
 * app: after the drawing is painted, not before it. The build's `<script type="module" src>` becomes a prefetch
 * of the app's script with APP_START_SCRIPT in its place (apps/web src/prerender/indexEdits.ts), and the
 * document's drawing script says when its drawing is on screen (DRAWING_SHOWN_KEY).
 */

/**
 * Where a drawn document's script keeps a promise that settles once its drawing is painted: the sign-in form
 * as soon as it is in, a first screen once filled from its first call's answer (or that answer failed, or took
 * longer than DRAWN_FILL_WAIT_MS). APP_START_SCRIPT runs the app after it; absent where nothing is drawn.
 */
export const DRAWING_SHOWN_KEY = '__drawingShown';

/**
 * The longest the app's start waits for the drawing to be filled: a slow answer must not hold the app back,
 * which waits for the same answer anyway (first-calls.ts) but has its own screen to load meanwhile.
 */
export const DRAWN_FILL_WAIT_MS = 1000;

/** The attribute of the drawn documents' prefetch link of the app's script (apps/web src/prerender/). */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/** The attribute of the drawn documents' preload links of the app's stylesheets (antd's, the app's own). */
export const APP_STYLE_ATTRIBUTE = 'data-app-style';

/**
 * The inline module script that starts the app in the drawn documents, in place of the build's
 * `<script type="module" src>`; the document prefetches the app's script (and the first screens preload its
 * stylesheets) instead. Run as a module script is, once the document is parsed, and then once the drawing is
 * painted (DRAWING_SHOWN_KEY), it makes the preloaded stylesheets the document's, waits for them (antd's
 * runtime reads the record of its styles at its first render) and imports the app. The app's script, evaluated
 * at once (hundreds of milliseconds on a slow machine; parsed at once, as a module preload is, on another
 * thread that two cores share with the drawing), and antd's stylesheet of a megabyte, parsed and
 * applied to the drawing, would otherwise hold the main thread before the drawing's first paint, or while a
 * first screen's answer is in, and keep the drawing from being filled until they are done.
 */
export const APP_START_SCRIPT = `var entry = document.querySelector('link[${APP_ENTRY_ATTRIBUTE}]');
Promise.resolve(window[${JSON.stringify(DRAWING_SHOWN_KEY)}])
  .then(function () {
    var links = document.querySelectorAll('link[${APP_STYLE_ATTRIBUTE}]');
    return Promise.all(
      Array.prototype.map.call(links, function (link) {
        return new Promise(function (resolve) {
          link.addEventListener('load', resolve);
          link.addEventListener('error', resolve);
          link.rel = 'stylesheet';
        });
      }),
    );
  })
  .then(function () {
    return import(entry.href);
  });`;
