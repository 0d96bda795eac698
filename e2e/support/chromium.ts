/**
 * Debian's Chromium as the browser suite and the bench's `web` run it (never a downloaded browser).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156 draws the address bar's suggestions with WebUI (chrome://omnibox-popup.top-chrome) and, headless
  // too, loads it for every new window: a renderer and some 200 scripts of its own beside each page under test,
  // on the same two cores (a bare page: 155-183 ms with it, 96-101 ms without, 15 loads each).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];
