/**
 * `npm test`: every suite — lint and types, shared and server tests on SQLite and on PostgreSQL,
 * web unit tests, the web build and the browser suite — then one closing line `N passed, N failed`
 * summed over all of them. A suite that crashes before reporting counts as one failure.
 *
 * The type check, the server suites on both databases, the web suite and the web build run side by side, their
 * output kept apart and printed whole as each ends: the type check only reads files, the build writes only
 * apps/web/dist (which no suite reads), each test app works on a database of its own (an in-memory SQLite file or
 * a PostgreSQL schema), and each suite spends much of its time waiting (on fsync, on PostgreSQL, on timers), so
 * together they take little longer than the longest. The browser suite starts once the build is done and only one
 * of them is still running (most of its time it runs alone, its timings those of a person's browser). The summary gives each suite's time and the whole run's, so a suite that grows
 * slow is seen before it crowds CI's limit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const summary: string[] = [];
const runStarted = performance.now();

/** Minutes and seconds since `started` (a `performance.now()` reading), as `12m05s`. */
function elapsed(started: number): string {
  const seconds = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = root): boolean {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  return result.status === 0;
}

/** Adds a suite's counts to the total and its line, with how long it `took`, to the summary. */
function add(name: string, counts: Counts, ok: boolean, took: string): void {
  // A runner that failed yet reported no failing test (crash, compile error) still counts as a failure.
  const failed = counts.failed || (ok ? 0 : 1);
  total.passed += counts.passed;
  total.failed += failed;
  total.skipped += counts.skipped;
  summary.push(
    `${name}: ${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${took})`,
  );
}

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** A check that is not a test runner (lint, types, build): one passed or one failed. */
function check(name: string, command: string, args: string[]): void {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const ok = run(command, args);
  add(name, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, ok, elapsed(started));
}

/** Runs a command with its output in `logFile`, printed whole once it ends; resolves whether it passed. */
function runLogged(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  logFile: string,
): Promise<boolean> {
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      closeSync(fd);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      resolve(code === 0);
    });
  });
}

/** A check run beside the suites, its output kept apart; resolves with a function that adds it to the summary. */
async function loggedCheck(name: string, command: string, args: string[]): Promise<() => void> {
  const started = performance.now();
  const ok = await runLogged(command, args, {}, root, path.join(reports, `${name}.log`));
  console.log(`=== ${name} (above) ===`);
  const took = elapsed(started);
  return () => add(name, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, ok, took);
}

/** Runs a vitest suite; resolves with a function that adds its counts to the summary (in the caller's order). */
async function vitest(name: string, workspace: string, env: Record<string, string> = {}): Promise<() => void> {
  const slug = name.replace(/\W+/g, '-');
  const started = performance.now();
  const out = path.join(reports, `${slug}.json`);
  const ok = await runLogged(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
    path.join(root, workspace),
    path.join(reports, `${slug}.log`),
  );
  console.log(`=== ${name} (above) ===`);
  const json = readJson(out);
  const counts = {
    passed: Number(json?.numPassedTests ?? 0),
    failed: Number(json?.numFailedTests ?? 0),
    skipped: Number(json?.numPendingTests ?? 0) + Number(json?.numTodoTests ?? 0),
  };
  const took = elapsed(started);
  return () => add(name, counts, ok, took);
}

/** Runs the browser suite, its output kept apart; resolves with a function that adds its counts to the summary. */
async function playwright(name: string): Promise<() => void> {
  const started = performance.now();
  const out = path.join(reports, 'e2e.json');
  const ok = await runLogged(
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    path.join(root, 'e2e'),
    path.join(reports, 'e2e.log'),
  );
  console.log(`=== ${name} (above) ===`);
  const stats = (readJson(out)?.stats ?? {}) as Record<string, number>;
  const took = elapsed(started);
  return () =>
    add(
      name,
      {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
      },
      ok,
      took,
    );
}

/** Resolves once no more than `most` of `jobs` are still running. */
function whenRunning<T>(jobs: Promise<T>[], most: number): Promise<void> {
  let running = jobs.length;
  return new Promise((resolve) => {
    if (running <= most) resolve();
    for (const job of jobs) {
      void job.then(() => {
        running -= 1;
        if (running <= most) resolve();
      });
    }
  });
}

check('lint', 'npx', ['biome', 'check', '.']);
(await vitest('shared', 'packages/shared'))();
const build = loggedCheck('web build', 'npm', ['run', 'build', '--silent']);
const sideBySide = [
  loggedCheck('types', 'npm', ['run', 'typecheck', '--silent']),
  vitest('server (SQLite)', 'apps/server', { TEST_DB: 'sqlite' }),
  vitest('server (PostgreSQL)', 'apps/server', { TEST_DB: 'postgres' }),
  vitest('web', 'apps/web'),
  // (the server's serving tests write a web folder of their own)
  build,
];
// The browser suite needs the build, and starts once at most one other suite is still running: that one's last
// minutes (the slowest suite runs on alone for a minute or two) leave most of a core free, which the browser
// suite's start (its server migrating and seeding, the specs' first set-up) then takes.
const browser = Promise.all([build, whenRunning(sideBySide, 1)]).then(() => playwright('browser (e2e)'));
for (const addCounts of await Promise.all(sideBySide)) addCounts();
(await browser)();

console.log(`\n${summary.join('\n')}\nwhole run: ${elapsed(runStarted)}`);
const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed === 0 ? 0 : 1);
