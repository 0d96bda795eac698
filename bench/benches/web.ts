/**
 * The web app as a visitor's browser loads it (issue 14, "served fast"): the build served by the app server
 * as `npm start` serves it, opened cold (a new browser context each time, nothing cached) in Debian's
 * Chromium. Per route (/login, /home, /helpCenter, /contactUs, the order list): the JavaScript it loads, counted as the gzip files the build ships (what a gzip-only
 * client is sent; Chromium itself takes brotli, shown beside), the requests it makes, and for the login page
 * the time from navigation to a usable form (the sign-in button on screen). Baselines from the same run: the
 * whole app's JavaScript, and the same browser opening a bare page with a form of the same server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import type { Api } from '../lib/api.ts';
import { startServer } from '../lib/procs.ts';
import { log, percentile, type Result } from '../lib/util.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = 5;
const KB = 1024;

interface Load {
  /** Gzip bytes of the JavaScript loaded (the build's .gz files). */
  jsGzip: number;
  /** Bytes of JavaScript as sent to Chromium (brotli). */
  jsSent: number;
  scripts: number;
  /** The scripts loaded that belong to the sign-in page or the signed-in layout (the build's groups). */
  backOffice: string[];
  requests: number;
  /** Milliseconds from navigation to the ready element on screen. */
  readyMs: number;
}

/**
 * What a built file costs a gzip client: its precompressed sibling, or the file itself where the build wrote
 * none (a file so small that gzip would not make it smaller).
 */
function gzipSize(urlPath: string): number {
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

/** One cold load of `route` in a fresh context until `ready` is on screen. */
async function coldLoad(browser: Browser, base: string, route: string, ready: string, token?: string): Promise<Load> {
  const context = await browser.newContext();
  try {
    await context.addInitScript((value) => {
      window.localStorage.setItem('locale', 'en-US');
      if (value) window.sessionStorage.setItem('token', value);
    }, token ?? '');
    const page = await context.newPage();
    const scripts: { path: string; sent: Promise<number> }[] = [];
    let requests = 0;
    page.on('request', () => {
      requests += 1;
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === base && url.pathname.endsWith('.js'))
        scripts.push({
          path: url.pathname,
          sent: response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        });
    });
    await page.goto(base + route);
    await page.locator(ready).first().waitFor({ state: 'visible' });
    const readyMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    const sent = await Promise.all(scripts.map((script) => script.sent));
    return {
      jsGzip: scripts.reduce((sum, script) => sum + gzipSize(script.path), 0),
      jsSent: sent.reduce((sum, bytes) => sum + bytes, 0),
      scripts: scripts.length,
      backOffice: scripts
        .map((script) => script.path.replace('/assets/', ''))
        .filter((name) => /^(sign-in|layout)-/.test(name)),
      requests,
      readyMs,
    };
  } finally {
    await context.close();
  }
}

/** A page with a form and no script, from the same origin: what the browser costs on its own. */
async function barePageMs(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(`${base}/bench-bare`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><form><input name="username"><input type="password"><button>Sign in</button></form>',
      }),
    );
    await page.goto(`${base}/bench-bare`);
    await page.locator('button').waitFor({ state: 'visible' });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

/** Every script the build ships. */
function wholeAppGzip(): number {
  return readdirSync(path.join(WEB_DIST, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipSize(`/assets/${name}`), 0);
}

export async function webBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  merchant: Api,
): Promise<Result[]> {
  log('web: building the web app (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const server = await startServer('app', { ...env, WEB_DIST });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const median = (loads: Load[], pick: (load: Load) => number) =>
      percentile(
        loads.map(pick).sort((a, b) => a - b),
        50,
      );
    const measure = async (route: string, ready: string, token?: string) => {
      await coldLoad(browser, server.url, route, ready, token); // the server's first answers
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, server.url, route, ready, token));
      return loads;
    };
    log(`web: ${LOADS} cold loads of /login, /home, /helpCenter, /contactUs and the order list`);
    const login = await measure('/login', '[data-testid="login-submit"]');
    const home = await measure('/home', '[data-testid="home-title"]');
    const help = await measure('/helpCenter', '[data-testid="help-search"]');
    const contact = await measure('/contactUs', '[data-testid="contact-firstName"]');
    const list = await measure('/shipments/allWaybills', '.ant-table', merchant.token as string);
    const bare: number[] = [];
    for (let i = 0; i < LOADS; i++) bare.push(await barePageMs(browser, server.url));
    const bareMs = percentile(
      bare.sort((a, b) => a - b),
      50,
    );
    const whole = wholeAppGzip();
    const first = (loads: Load[]) => loads[0] as Load;
    const describe = (loads: Load[]) =>
      `${first(loads).scripts} scripts, ${first(loads).requests} requests; sent to Chromium (brotli) ${(first(loads).jsSent / KB).toFixed(0)} KB`;
    const readyMedian = (loads: Load[]) => median(loads, (load) => load.readyMs).toFixed(0);
    /** The JavaScript a route loaded, gzip, against its budget beside the whole app's. */
    const jsLoaded = (route: string, loads: Load[], limit: number | null, note: string): Result => ({
      bench: 'web',
      db,
      figure: `${route}: JavaScript loaded, gzip`,
      value: first(loads).jsGzip / KB,
      unit: 'KB',
      target: limit === null ? null : { op: '<', limit },
      baseline: { name: 'the whole app, gzip', value: whole / KB, unit: 'KB' },
      note,
    });
    return [
      jsLoaded('/login', login, 300, describe(login)),
      {
        bench: 'web',
        db,
        figure: '/login: form usable after navigation (median)',
        value: median(login, (load) => load.readyMs),
        unit: 'ms',
        target: { op: '<', limit: 1000 },
        baseline: { name: 'a bare page with a form', value: bareMs, unit: 'ms' },
      },
      // the shell and the public site's frame: no sign-in page, no back office
      jsLoaded('/home', home, 280, `${describe(home)}; title on screen after ${readyMedian(home)} ms (median)`),
      jsLoaded('/helpCenter', help, null, describe(help)),
      jsLoaded('/contactUs', contact, null, describe(contact)),
      {
        // a public page with a search box or a form loads no sign-in page and no back office
        bench: 'web',
        db,
        figure: 'public pages loading sign-in or layout scripts (/home, /helpCenter, /contactUs)',
        value: [home, help, contact].filter((loads) => first(loads).backOffice.length > 0).length,
        unit: 'count',
        target: { op: '<', limit: 1 },
        baseline: null,
        note: [home, help, contact]
          .map(
            (loads, i) =>
              `${['/home', '/helpCenter', '/contactUs'][i]}: ${first(loads).backOffice.join(' ') || 'none'}`,
          )
          .join('; '),
      },
      jsLoaded('order list', list, 500, `${describe(list)}; table on screen after ${readyMedian(list)} ms (median)`),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
