/**
 * Debian's Chromium as the browser suite and the bench's `web` run it (never a downloaded browser).
 */

/** The reader's browser, which the bench's `web` measures the first screens in: Debian's package `chromium`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser suite's browser: Chromium's headless shell, Debian's package `chromium-headless-shell` (the same
 * version and engine as `chromium`, built without the browser's own windows, tabs and address bar around the
 * page; Playwright's own choice for headless runs). On 2 cores the four longest specs took 238 s of CPU
 * against 280 s in the full browser, two others 113 s against 134 s, at the same wall time.
 * E2E_CHROMIUM_PATH=/usr/bin/chromium runs the suite in the reader's browser.
 */
export const SUITE_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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

/**
 * The browser suite's pages run their scripts without V8's optimising compilers (Maglev, TurboFan): a page under
 * test lives seconds, too short for code compiled for speed to pay back its compiling, and each new page's
 * renderer starts again from unoptimised code. It changes only how fast a script runs, not what it does. On 2
 * cores: the four longest specs (accessibility, first-screen, acting-as, webhooks) took 308 s of CPU and 245 s
 * against 429 s and 289 s with every tier; three others 136-143 s against 154-167 s of CPU. Not for the bench's
 * `web`, which measures a reader's browser (CHROMIUM_ARGS alone). E2E_JIT=full runs the suite with every tier.
 */
export const SUITE_JS_FLAGS = process.env.E2E_JIT === 'full' ? [] : ['--js-flags=--no-opt --no-maglev'];
