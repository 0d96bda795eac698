import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, SUITE_CHROMIUM_PATH, SUITE_JS_FLAGS } from './support/chromium.ts';

/**
 * The browser suite: Debian's Chromium, its headless shell (never a downloaded browser), against the real server
 * serving the built web app on a fresh SQLite database.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A run on a port of its own (E2E_PORT) also gets its own data and artifact folders, so runs side by side never meet. */
const RUN_SUFFIX = process.env.E2E_PORT ? `-${E2E_PORT}` : '';
/** The server's data folder (its SQLite file), relative to this folder. */
export const E2E_DATA_DIR = `../.tmp/e2e-data${RUN_SUFFIX}`;
export const ADMIN = { username: 'admin@example.com', password: 'Admin#2026' };
/** The EasyPost stand-in (`npm run standins`) the carrier tests point a channel at, and the key it takes. */
export const EASYPOST_STANDIN = { url: `http://127.0.0.1:${E2E_PORT + 10}`, apiKey: 'EZTK_e2e_standin' };

/** The app server's settings for the suite: its port, the suite's data folder, the administrator. */
export function appServerEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: E2E_DATA_DIR,
    ADMIN_EMAIL: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The webhooks spec's receiver listens there (every other private or loopback address stays refused).
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.2',
  };
}

/**
 * A spec that changes what other specs observe, run only once every other spec is done (one worker idle meanwhile):
 * sys-config changes the zone query fee, which volume's zone query is charged (it puts it back at the end), and
 * starts its second app instance on E2E_PORT + 21.
 */
const SHARED_STATE_SPECS = ['**/sys-config.spec.ts'];

export default defineConfig({
  testDir: './tests',
  // Waits are for conditions a user sees, each ending as soon as it holds; the limits below leave room for
  // a machine whose two cores are shared with other work (with a load average of 20 on 2 cores, loading
  // /shipments/newOrder until it asked for its data took 63 s), so a passing run is no slower for them and
  // a failing wait still ends within a minute and a half.
  // The whole test: only a guard against a stuck test, the longest flows stay well inside it.
  timeout: 600_000,
  expect: { timeout: 90_000 },
  // Two workers share the suite's one server and database, a spec file each at a time (its tests in order).
  // Each spec makes its own accounts and data, so most run side by side; the one that changes what every
  // account sees waits in the second project until the others are done (SHARED_STATE_SPECS).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A click or fill waits for its element to be visible, stable and enabled; a page load for its answer.
    actionTimeout: 90_000,
    navigationTimeout: 120_000,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The reader asks for reduced motion, which the app honours (apps/web/src/utils/reducedMotion.ts): dialogs,
    // menus and messages appear at once instead of zooming and sliding, so no click meets a moving target and
    // no frame is drawn for an animation (four of the longest specs: 138-149 s against 168-171 s with motion).
    // E2E_MOTION=no-preference runs the suite as a reader with motion.
    reducedMotion: (process.env.E2E_MOTION as 'no-preference' | undefined) ?? 'reduce',
    screenshot: 'only-on-failure',
    // Traces only when asked (E2E_TRACE=retain-on-failure): recording one for every test doubled the suite's
    // time on 2 cores (the browser draws a screencast of every action), and a failure keeps its screenshots.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: {
      executablePath: SUITE_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...SUITE_JS_FLAGS],
    },
  },
  projects: [
    { name: 'browser', testIgnore: SHARED_STATE_SPECS },
    // After every other spec (its dependency; a failure there leaves it unrun). Alone: --no-deps.
    { name: 'shared-state', testMatch: SHARED_STATE_SPECS, dependencies: ['browser'] },
  ],
  outputDir: `../.test-results/e2e-artifacts${RUN_SUFFIX}`,
  webServer: [
    {
      command: 'node ../apps/server/standins/run.ts',
      port: E2E_PORT + 10,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        STANDIN_EASYPOST_PORT: String(E2E_PORT + 10),
        STANDIN_EASYPOST_KEY: EASYPOST_STANDIN.apiKey,
        // Beside it, out of the way of anything else on the machine.
        STANDIN_SHIPENGINE_PORT: String(E2E_PORT + 11),
        STANDIN_KARRIO_PORT: String(E2E_PORT + 12),
        STANDIN_USPS_PORT: String(E2E_PORT + 13),
        // The store stand-ins are not used by the suite: any free port, so runs side by side never meet.
        STANDIN_SHOPIFY_PORT: '0',
        STANDIN_WOOCOMMERCE_PORT: '0',
      },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node ../apps/server/src/main.ts`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      // Start-up migrates a fresh database and seeds the demo data.
      timeout: 180_000,
      env: appServerEnv(E2E_PORT),
    },
  ],
});
