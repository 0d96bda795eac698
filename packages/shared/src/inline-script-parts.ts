import { DEFAULT_LOCALE, LOCALES } from './constants.ts';

/**
 * The parts the document's inline scripts share (sign-in-page.ts, drawn-screens.ts, first-calls.ts), as
 * JavaScript text put whole into each: the server allows each script by the hash of its finished text.
 */

/** `read(storage, key)`: a stored value, or null where the browser refuses storage (blocked site data). */
export const READ_STORAGE = `  function read(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch (error) {
      return null;
    }
  }`;

/**
 * Declares `locale` and `theme` (the reader's stored choices, or the defaults), `drawn` (the document's
 * template of that language and theme) and `root` (#root), and returns when either is missing.
 */
export const PICK_DRAWING = `  var locale = read('localStorage', 'locale');
  if (${JSON.stringify(LOCALES)}.indexOf(locale) < 0) locale = ${JSON.stringify(DEFAULT_LOCALE)};
  var settings = null;
  try {
    settings = JSON.parse(read('localStorage', 'settings'));
  } catch (error) {}
  settings = settings || {};
  var theme = settings.theme === 'dark' ? 'dark' : 'light';
  var drawn = document.querySelector('template[data-locale="' + locale + '"][data-theme="' + theme + '"]');
  var root = document.getElementById('root');
  if (!drawn || !root) return;`;

/** `afterPaint(then)`: calls `then` once the frame being prepared is painted (a frame's callback, then a task). */
export const AFTER_PAINT = `  function afterPaint(then) {
    requestAnimationFrame(function () {
      setTimeout(then, 0);
    });
  }`;
