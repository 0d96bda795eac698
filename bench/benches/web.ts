/**
 * The web app as a visitor's browser loads it (issues 14 and 26): the build served by the app server as
 * `npm start` serves it, opened cold (a new browser context each time, nothing cached, as a returning reader:
 * with the look cookie the app keeps) in Debian's Chromium.
 * The first screen of each area (/login signed out, the order list as a merchant, the workplace as staff):
 * the time from navigation to its first field, row or content visible, against a bare page of the same
 * content from a plain Node server, loaded in turns in the same run, with where the time went. Per route
 * (/login, /home, /helpCenter, /contactUs, the order list): the JavaScript it loads, counted as the gzip files
 * the build ships (what a gzip-only client is sent; Chromium itself takes brotli, shown beside), and the
 * requests it makes, beside the whole app's JavaScript.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { LOOK_COOKIE, lookOf, SESSION_COOKIE } from '@parcelport/shared';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import type { Api } from '../lib/api.ts';
import { freePort, startServer } from '../lib/procs.ts';
import type { Raw } from '../lib/target.ts';
import { describeSummary, mainThreadSummary, TRACE_CATEGORIES } from '../lib/trace.ts';
import { log, percentile, type Result } from '../lib/util.ts';
import { makeDrafts } from './labels.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT = path.join(ROOT, 'apps/web/dist');
/** Cold loads per figure; BENCH_WEB_LOADS=<n> takes more where a difference is within the loads' spread. */
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 5);
if (!Number.isInteger(LOADS) || LOADS < 1)
  throw new Error(`BENCH_WEB_LOADS must be a whole number of loads, 1 or more (not ${process.env.BENCH_WEB_LOADS})`);
const KB = 1024;

interface Load {
  /** The scripts loaded from the server under test (their URL paths). */
  scriptPaths: string[];
  /** Bytes of JavaScript as sent to Chromium (brotli). */
  jsSent: number;
  scripts: number;
  /** The scripts loaded that belong to the sign-in page or the signed-in layout (the build's groups). */
  backOffice: string[];
  requests: number;
  probe: Probe;
}

/**
 * What a built file costs a gzip client: its precompressed sibling, or the file itself where the build wrote
 * none (a file so small that gzip would not make it smaller).
 */
function gzipSize(dist: string, urlPath: string): number {
  const file = path.join(dist, decodeURIComponent(urlPath));
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

/** The eight largest of a route's scripts, gzip, by their chunk's name (the build's hash left out). */
function largest(sizes: { script: string; gzip: number }[]): string {
  return [...sizes]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 8)
    .map(({ script, gzip }) => `${path.basename(script).replace(/-[\w-]{8}\.js$/, '')} ${(gzip / KB).toFixed(0)}`)
    .join(', ');
}

/** What the page records while it loads (the probe below), read back once the ready element is on screen. */
interface Probe {
  readyMs: number;
  /** Main-thread tasks over 50 ms that started before the ready element showed: their summed time, ms. */
  busyMs: number;
  /** The document's response complete, ms after navigation. */
  htmlMs: number;
  /** The last script in before the ready element showed, ms after navigation (0 without scripts). */
  scriptsMs: number;
  /** API calls answered before the ready element showed, and when the last of them was. */
  calls: number;
  callsMs: number;
  /** Fonts fetched before the ready element showed. */
  fonts: number;
  /** The longest chain of requests of which each started after the one before had answered. */
  series: number;
}

/**
 * Installed before the page's own scripts: a check on every frame for the first element matching `selector`
 * that is rendered with a size (what a person sees), its time kept as `__ready`; long main-thread tasks kept
 * as they happen.
 */
function installProbe(selector: string): void {
  const w = window as unknown as { __ready?: number; __long: { start: number; duration: number }[] };
  w.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing: busy time reads 0
  }
  const check = () => {
    const element = document.querySelector(selector);
    if (element?.checkVisibility() && element.getBoundingClientRect().height > 0) w.__ready = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** The probe's findings with the resource timing of everything fetched before the ready element showed. */
function readProbe(): Probe {
  const w = window as unknown as { __ready: number; __long: { start: number; duration: number }[] };
  const ready = w.__ready;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (entry) => entry.responseEnd <= ready,
  );
  const scripts = resources.filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name));
  const calls = resources.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
  const depth = new Map<PerformanceResourceTiming, number>();
  for (const entry of [...resources].sort((a, b) => a.startTime - b.startTime))
    depth.set(
      entry,
      1 +
        Math.max(
          0,
          ...resources
            .filter((before) => before.responseEnd <= entry.startTime)
            .map((before) => depth.get(before) ?? 0),
        ),
    );
  return {
    readyMs: ready,
    busyMs: w.__long.filter((task) => task.start < ready).reduce((sum, task) => sum + task.duration, 0),
    htmlMs: navigation?.responseEnd ?? 0,
    scriptsMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
    calls: calls.length,
    callsMs: Math.max(0, ...calls.map((entry) => entry.responseEnd)),
    fonts: resources.filter((entry) => /\.(woff2?|ttf|otf)(\?|$)/.test(entry.name)).length,
    // the document itself is the first link of every chain
    series: 1 + Math.max(0, ...depth.values()),
  };
}

/**
 * A fresh browser context (nothing cached) of a reader who has used the app before: English, the light theme,
 * the look cookie the app keeps for them (packages/shared looks.ts), with the session of `token` if given (in
 * the tab's storage, and in the session cookie the app keeps: packages/shared first-calls.ts), and the probe
 * waiting for `ready`.
 */
async function readerContext(browser: Browser, base: string, ready: string, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: LOOK_COOKIE, value: lookOf('en-US', 'light'), url: base },
    ...(token ? [{ name: SESSION_COOKIE, value: token, url: base }] : []),
  ]);
  await context.addInitScript((value) => {
    window.localStorage.setItem('locale', 'en-US');
    if (value) window.sessionStorage.setItem('token', value);
  }, token ?? '');
  await context.addInitScript(installProbe, ready);
  return context;
}

/** One cold load of `route` in a fresh context until `ready` is on screen. */
async function coldLoad(
  browser: Browser,
  base: string,
  route: string,
  ready: string,
  token?: string,
  inspect?: (page: Page) => Promise<void>,
): Promise<Load> {
  const context = await readerContext(browser, base, ready, token);
  try {
    const page = await context.newPage();
    const scripts: { path: string; sent: Promise<number> }[] = [];
    let requests = 0;
    page.on('request', () => {
      requests += 1;
    });
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      // once per script: the drawn documents prefetch the app's entry, which the start script's import then
      // reads from the cache (a second response, nothing sent)
      if (
        url.origin === base &&
        url.pathname.endsWith('.js') &&
        !scripts.some((script) => script.path === url.pathname)
      )
        scripts.push({
          path: url.pathname,
          sent: response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        });
    };
    page.on('response', onResponse);
    await page.goto(base + route);
    // a loaded machine (2026-11-29: load average 30) took over 30 s, Playwright's default, for a first load
    await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, {
      timeout: 180_000,
    });
    const probe = await page.evaluate(readProbe);
    await page.waitForLoadState('networkidle');
    await inspect?.(page);
    // a script that comes later (a chunk the screen asks for once idle) is not the first screen's, and its size
    // could no longer be read once the context below is closed
    page.off('response', onResponse);
    const sent = await Promise.all(scripts.map((script) => script.sent));
    return {
      scriptPaths: scripts.map((script) => script.path),
      jsSent: sent.reduce((sum, bytes) => sum + bytes, 0),
      scripts: scripts.length,
      backOffice: scripts
        .map((script) => script.path.replace('/assets/', ''))
        .filter((name) => /^(sign-in|layout)-/.test(name)),
      requests,
      probe,
    };
  } finally {
    await context.close();
  }
}

/**
 * BENCH_WEB_TRACE=<dir>: one more cold load of `route` with a Chromium performance trace, written to
 * `<dir>/<name>.json`, and where its main thread went until the ready element showed (bench/lib/trace.ts).
 */
async function tracedLoad(
  browser: Browser,
  base: string,
  route: string,
  ready: string,
  name: string,
  token?: string,
): Promise<void> {
  const dir = process.env.BENCH_WEB_TRACE as string;
  mkdirSync(dir, { recursive: true });
  const context = await readerContext(browser, base, ready, token);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(base + route);
    await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, undefined, {
      timeout: 180_000,
    });
    const readyMs = await page.evaluate(() => (window as unknown as { __ready: number }).__ready);
    const trace = (await browser.stopTracing()).toString();
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, trace);
    log(
      `web: ${name} traced (${file}): ready at ${readyMs.toFixed(0)} ms; main thread ${describeSummary(mainThreadSummary(trace, readyMs))}`,
    );
  } finally {
    await context.close();
  }
}

/**
 * The bare pages: a plain Node HTTP server on 127.0.0.1 with one static HTML page per screen, no script, no
 * stylesheet: the sign-in form's fields, a table of the size the order list showed, the workplace's greeting
 * and its four counts. What the browser costs on its own for the same content. Under SECURED_PREFIX, each page
 * again with `securityHeaders` (the app's own, set once its server answered), which cost the browser too.
 */
async function bareServer(): Promise<{
  url: string;
  pages: Map<string, string>;
  securityHeaders: Record<string, string>;
  close: () => Promise<void>;
}> {
  const pages = new Map<string, string>();
  const securityHeaders: Record<string, string> = {};
  const server = createServer((request, response) => {
    const url = request.url ?? '';
    const secured = url.startsWith(SECURED_PREFIX);
    const body = pages.get(secured ? url.slice(SECURED_PREFIX.length) : url);
    response.writeHead(body ? 200 : 404, {
      ...(secured ? securityHeaders : {}),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(body ?? 'not found');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    securityHeaders,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The bare pages' paths with the app's security headers. */
const SECURED_PREFIX = '/secured';

/**
 * The headers of the app's documents that say how the browser must hold the page (its policies and isolation),
 * as its server sent them for `document`: among them `Cross-Origin-Opener-Policy: same-origin`, under which a
 * page opened from a new tab's blank one is put in a browsing context group of its own, and so in a renderer
 * process started for it.
 */
async function securityHeadersOf(document: string): Promise<Record<string, string>> {
  const answer = await fetch(document);
  await answer.arrayBuffer();
  const kept = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-content-type-options',
    'x-frame-options',
  ];
  return Object.fromEntries(
    kept.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name) as string]] : [])),
  );
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const BARE_LOGIN = page(
  'Sign in',
  '<form><h1>Sign in</h1><input name="username" placeholder="Email"><input type="password" name="password" placeholder="Password"><label><input type="checkbox"> Remember me</label><a href="#">Forgot password?</a><button>Sign in</button></form>',
);
const bareTable = (rows: number, columns: number) =>
  page(
    'Orders',
    `<table><thead><tr>${'<th>Column</th>'.repeat(columns)}</tr></thead><tbody>${`<tr class="row">${'<td>PP0000000001</td>'.repeat(columns)}</tr>`.repeat(rows)}</tbody></table>`,
  );
const BARE_WORKPLACE = page(
  'Workplace',
  `<h4 id="greeting">Good morning, Admin</h4><p>Account - · Company -</p>${'<div><span>Drafts</span><b>0</b></div>'.repeat(4)}`,
);

/** Every script the build ships. */
function wholeAppGzip(dist: string): number {
  return readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipSize(dist, `/assets/${name}`), 0);
}

/** A first screen's cold loads: the app's, its bare page's (plain, and with the app's security headers), BENCH_WEB_BEFORE's build's. */
interface ScreenLoads {
  app: Load[];
  bare: Load[];
  secured: Load[];
  before: Load[];
  /** The machine's load average at the start and the end. */
  load: string;
}

/** A first screen measured against its bare page: the app's cold loads and the bare page's, taken in turns. */
interface Screen {
  name: string;
  route: string;
  /** What a person waits for: the first field, row or piece of content. */
  ready: string;
  token?: string;
  /** The bare page's path on the bare server, and its element of the same role. */
  bare: string;
  bareReady: string;
}

/** The machine's load average over the last minute, as `uptime` shows it. */
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

export async function webBench(
  db: 'sqlite' | 'postgres',
  env: Record<string, string>,
  merchant: Api,
  admin: Api,
  raw: Raw,
): Promise<Result[]> {
  log('web: building the web app (npm run build)');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  // A copy of its own, so that a build started meanwhile in the same checkout does not change what is served.
  const dist = mkdtempSync(path.join(tmpdir(), 'parcelport-bench-web-'));
  cpSync(BUILT, dist, { recursive: true });
  // The order list shows rows, not its empty state.
  if ((await raw.query('select count(*) as n from orders'))[0]?.n === 0) await makeDrafts(merchant, raw, 30);
  const server = await startServer('app', { ...env, WEB_DIST: dist });
  // BENCH_WEB_BEFORE=<a build's dist/>: that build too, served by a server of its own (the same server code and
  // database), its first screens loaded in the same turns, so that a change is measured before and after under
  // the same moment's load.
  const beforeDist = process.env.BENCH_WEB_BEFORE;
  const before = beforeDist ? await startServer('app', { ...env, WEB_DIST: beforeDist }) : undefined;
  const bare = await bareServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
    log(`web: ${LOADS} cold loads of /home, /helpCenter, /contactUs`);
    const home = await measure('/home', '[data-testid="home-title"]');
    const help = await measure('/helpCenter', '[data-testid="help-search"]');
    const contact = await measure('/contactUs', '[data-testid="contact-firstName"]');

    // The first screens of the three areas, each load in a new context, in turns with the bare page (so that
    // a busy moment of the machine weighs on both alike).
    const screens: Screen[] = [
      {
        name: '/login',
        route: '/login',
        ready: '[data-testid="login-password"]',
        bare: '/login',
        bareReady: 'input[type="password"]',
      },
      {
        name: 'order list',
        route: '/shipments/allWaybills',
        ready: '.ant-table-tbody tr.ant-table-row',
        token: merchant.token as string,
        bare: '/list',
        bareReady: 'tr.row',
      },
      {
        name: 'staff workplace',
        route: '/dashboard/workplace',
        ready: '[data-testid="workplace-greeting"]',
        token: admin.token as string,
        bare: '/workplace',
        bareReady: '#greeting',
      },
    ];
    Object.assign(bare.securityHeaders, await securityHeadersOf(`${server.url}/login`));
    bare.pages.set('/login', BARE_LOGIN);
    bare.pages.set('/workplace', BARE_WORKPLACE);
    const firstScreens = new Map<Screen, ScreenLoads>();
    for (const screen of screens) {
      const loadAtStart = load();
      log(`web: ${LOADS} cold loads of ${screen.name} and of its bare page`);
      // the warm-up loads: the servers' first answers, and the size of the order list's table
      await coldLoad(browser, server.url, screen.route, screen.ready, screen.token, async (tab) => {
        if (screen.bare !== '/list') return;
        const size = await tab.evaluate(() => ({
          rows: document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length,
          columns: document.querySelectorAll('.ant-table-thead th').length,
        }));
        bare.pages.set('/list', bareTable(size.rows, size.columns));
      });
      await coldLoad(browser, bare.url, screen.bare, screen.bareReady);
      await coldLoad(browser, bare.url, SECURED_PREFIX + screen.bare, screen.bareReady);
      if (before) await coldLoad(browser, before.url, screen.route, screen.ready, screen.token);
      const loads = { app: [] as Load[], bare: [] as Load[], secured: [] as Load[], before: [] as Load[] };
      for (let i = 0; i < LOADS; i++) {
        if (before) loads.before.push(await coldLoad(browser, before.url, screen.route, screen.ready, screen.token));
        loads.app.push(await coldLoad(browser, server.url, screen.route, screen.ready, screen.token));
        loads.bare.push(await coldLoad(browser, bare.url, screen.bare, screen.bareReady));
        loads.secured.push(await coldLoad(browser, bare.url, SECURED_PREFIX + screen.bare, screen.bareReady));
      }
      firstScreens.set(screen, { ...loads, load: `load average ${loadAtStart} → ${load()}` });
      if (process.env.BENCH_WEB_TRACE) {
        await tracedLoad(browser, server.url, screen.route, screen.ready, screen.name, screen.token);
        await tracedLoad(browser, bare.url, screen.bare, screen.bareReady, `${screen.name} bare`);
        if (before)
          await tracedLoad(browser, before.url, screen.route, screen.ready, `${screen.name} before`, screen.token);
      }
    }
    const login = firstScreens.get(screens[0] as Screen)?.app as Load[];
    const list = firstScreens.get(screens[1] as Screen)?.app as Load[];
    const whole = wholeAppGzip(dist);
    const first = (loads: Load[]) => loads[0] as Load;
    const describe = (loads: Load[]) =>
      `${first(loads).scripts} scripts, ${first(loads).requests} requests; sent to Chromium (brotli) ${(first(loads).jsSent / KB).toFixed(0)} KB`;
    const readyMedian = (loads: Load[]) => median(loads, (load) => load.probe.readyMs).toFixed(0);
    /** Where a screen's time went, medians of its loads. */
    const timeline = (loads: Load[]) => {
      const at = (pick: (probe: Probe) => number) => median(loads, (load) => pick(load.probe)).toFixed(0);
      const { calls, fonts, series } = first(loads).probe;
      return (
        `document in at ${at((p) => p.htmlMs)} ms, last script in at ${at((p) => p.scriptsMs)} ms` +
        (calls > 0 ? `, ${calls} API calls, the last answered at ${at((p) => p.callsMs)} ms` : '') +
        `, ${series} requests in series, ${fonts} fonts; main thread in long tasks ${at((p) => p.busyMs)} ms`
      );
    };
    /** The JavaScript a route loaded, gzip, against its budget beside the whole app's. */
    const jsLoaded = (route: string, loads: Load[], limit: number | null, note: string): Result => {
      const sizes = first(loads).scriptPaths.map((script) => ({ script, gzip: gzipSize(dist, script) }));
      return {
        bench: 'web',
        db,
        figure: `${route}: JavaScript loaded, gzip`,
        value: sizes.reduce((sum, { gzip }) => sum + gzip, 0) / KB,
        unit: 'KB',
        target: limit === null ? null : { op: '<', limit },
        baseline: { name: 'the whole app, gzip', value: whole / KB, unit: 'KB' },
        note: `${note}; largest: ${largest(sizes)}`,
      };
    };
    /** A first screen against its bare page: within twice its time, both medians of the same run. */
    const firstScreen = (screen: Screen): Result[] => {
      const loads = firstScreens.get(screen) as ScreenLoads;
      const bareMs = median(loads.bare, (load) => load.probe.readyMs);
      const securedMs = median(loads.secured, (load) => load.probe.readyMs);
      const appMs = median(loads.app, (load) => load.probe.readyMs);
      const figure = `${screen.name}: first ${screen.bare === '/login' ? 'field' : screen.bare === '/list' ? 'row' : 'content'} visible, new context (median)`;
      const measured: Result = {
        bench: 'web',
        db,
        figure,
        value: appMs,
        unit: 'ms',
        target: { op: '<', limit: 2 * bareMs, text: '< 2× bare' },
        baseline: { name: 'bare page', value: bareMs, unit: 'ms' },
        note: `${timeline(loads.app)}; bare page: ${timeline(loads.bare)}; ${loads.load}`,
      };
      // the same load against the bare page sent with the app's security headers (info)
      const secured: Result = {
        ...measured,
        figure: `${figure}, against the bare page with the app's security headers`,
        target: null,
        baseline: { name: "bare page, the app's security headers", value: securedMs, unit: 'ms' },
        note: `×${(appMs / securedMs).toFixed(2)}; headers: ${Object.keys(bare.securityHeaders).join(', ')}`,
      };
      if (loads.before.length === 0) return [measured, secured];
      return [
        measured,
        secured,
        {
          ...measured,
          figure: `${figure}, BENCH_WEB_BEFORE's build`,
          value: median(loads.before, (load) => load.probe.readyMs),
          target: null,
          note: `${timeline(loads.before)}; ${loads.load}`,
        },
      ];
    };
    return [
      jsLoaded('/login', login, 300, describe(login)),
      ...screens.flatMap(firstScreen),
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
      jsLoaded('order list', list, 500, describe(list)),
    ];
  } finally {
    await browser.close();
    await bare.close();
    await server.stop();
    await before?.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}
