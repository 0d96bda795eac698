import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config.ts';

export interface ServerProcess {
  pid: number;
  url: string;
  /** The process's resident memory now and its peak (VmRSS / VmHWM of /proc/<pid>/status). */
  memory(): { rssMB: number; peakMB: number };
  /** Starts the peak over from the current resident memory (Linux: 5 > /proc/<pid>/clear_refs). */
  resetPeak(): void;
  /** SIGTERM, as a process manager stops it, then waits for the exit (SIGKILL after 30 s). */
  stop(): Promise<void>;
  /** SIGKILL: the instance dies at once, as in a crash, holding whatever it held. */
  kill(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const BARE = path.join(import.meta.dirname, 'bare-server.ts');

/**
 * The server as `npm start` runs it, read from the root package.json's start script: its Node options and
 * its entry point. The bench starts the app this way so that its figures are those of the production server.
 */
export const PRODUCTION = (() => {
  const script = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const command = /\bnode((?: --\S+)*) (apps\/server\/\S+)$/.exec(script);
  if (!command) throw new Error(`no "node [options] apps/server/…" at the end of the start script: ${script}`);
  return { nodeArgs: (command[1] as string).split(' ').filter(Boolean), entry: path.join(ROOT, command[2] as string) };
})();

/** The server's environment variables for the bench's settings (see apps/server/src/config.ts). */
const ENV_NAMES: Partial<Record<keyof Config, string>> = {
  dataDir: 'DATA_DIR',
  sqliteFile: 'SQLITE_FILE',
  databaseUrl: 'DATABASE_URL',
  databaseSchema: 'DATABASE_SCHEMA',
  adminEmail: 'ADMIN_EMAIL',
  adminPassword: 'ADMIN_PASSWORD',
  webDist: 'WEB_DIST',
  loginRateLimit: 'LOGIN_RATE_LIMIT',
  logLevel: 'LOG_LEVEL',
};

/** Settings as the environment the server reads them from; a setting without a variable is refused. */
export function serverEnv(config: Partial<Config>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => {
      const name = ENV_NAMES[key as keyof Config];
      if (!name) throw new Error(`no environment variable for the server setting ${key}`);
      return [name, String(value)];
    }),
  );
}

/** Whether `port` (0: any) can be listened on at 127.0.0.1 right now; the port found, else null. */
async function tryPort(port: number): Promise<number | null> {
  const probe = createServer();
  const bound = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!bound) return null;
  const found = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return found;
}

/**
 * A port free on 127.0.0.1 right now, for a server that takes its port from the environment: one of
 * `BENCH_PORTS` (`8341-8360`) when set, so that a run stays within the ports it was given, else any.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return (await tryPort(0)) as number;
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    const found = await tryPort(port);
    if (found !== null) return found;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** Resolves once `url` answers; rejects if the process ends first or it takes 2 minutes. */
async function ready(child: ChildProcess, url: string): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (exited !== undefined) throw new Error(`the server exited with ${exited} before it answered`);
    const answered = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not answer within 2 minutes');
}

/**
 * Starts the real server (`app`: the production entry point with the production Node options unless
 * `nodeArgs` says otherwise, configured through `env` as an operator would) or the bare Fastify baseline
 * (`bare`, bench/lib/bare-server.ts) in a child process on 127.0.0.1, on `port` (a restarted instance's
 * own) or a free one.
 */
export async function startServer(
  mode: 'app' | 'bare',
  env: Record<string, string>,
  nodeArgs: string[] = mode === 'app' ? PRODUCTION.nodeArgs : [],
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const execArgv = [
    // BENCH_PROFILE=<dir> writes a CPU profile of each server process there (node --cpu-prof);
    // BENCH_NODE_ARGS adds Node options to the servers (e.g. --trace-gc).
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ...nodeArgs,
  ];
  const child = spawn(process.execPath, [...execArgv, mode === 'app' ? PRODUCTION.entry : BARE], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A bench that ends early does not leave its servers behind.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const url = `http://127.0.0.1:${port}`;
  try {
    await ready(child, `${url}${mode === 'app' ? '/api/health' : '/bare'}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid as number;
  return {
    pid,
    url,
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
      return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
    },
    resetPeak() {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    async kill() {
      process.off('exit', orphaned);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      process.off('exit', orphaned);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // What a process manager sends: the server finishes its requests in flight and exits.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
