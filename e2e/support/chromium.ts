/**
 * Debian's Chromium as the browser suite and the bench's `web` run it (never a downloaded browser).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright disables itself (playwright-core 1.65, `chromiumSwitches.ts`). Chromium keeps only the
 * last `--disable-features` of its command line, and Playwright puts the caller's arguments after its own, so the
 * one below must carry this list too or it is dropped whole (HTTPS upgrades of the suite's http:// pages, paint
 * holding, third-party storage partitioning…). e2e/tests/browser-flags.spec.ts compares this copy with the
 * installed Playwright's own switch.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 draws the address bar's suggestions with WebUI (chrome://omnibox-popup.top-chrome) and, headless
 * too, loads it for every new window: a renderer and some 200 scripts of its own beside each page under test, on
 * the same two cores (a bare page: 155-183 ms with it, 96-101 ms without, 15 loads each).
 */
export const OMNIBOX_WEBUI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
];
