import { defineConfig } from '@playwright/test';

/**
 * The browser suite: Debian's Chromium (never a downloaded browser) against the real server serving the
 * built web app on a fresh SQLite database.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** A run on a port of its own (E2E_PORT) also gets its own data and artifact folders, so runs side by side never meet. */
const RUN_SUFFIX = process.env.E2E_PORT ? `-${E2E_PORT}` : '';
export const ADMIN = { username: 'admin@example.com', password: 'Admin#2026' };

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  outputDir: `../.test-results/e2e-artifacts${RUN_SUFFIX}`,
  webServer: {
    command: `rm -rf ../.tmp/e2e-data${RUN_SUFFIX} && node ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `../.tmp/e2e-data${RUN_SUFFIX}`,
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    },
  },
});
