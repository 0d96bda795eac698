import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  pid: number;
  url: string;
  /** The process's resident memory now and its peak (VmRSS / VmHWM of /proc/<pid>/status). */
  memory(): { rssMB: number; peakMB: number };
  /** Starts the peak over from the current resident memory (Linux: 5 > /proc/<pid>/clear_refs). */
  resetPeak(): void;
  stop(): Promise<void>;
}

const CHILD = path.join(import.meta.dirname, 'child.ts');

/** Starts the real server (`app`) or the bare Fastify baseline (`bare`) in a child process on 127.0.0.1. */
export async function startServer(
  mode: 'app' | 'bare',
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child: ChildProcess = fork(CHILD, [mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_PROFILE=<dir> writes a CPU profile of each server process there (node --cpu-prof);
    // BENCH_NODE_ARGS adds Node options to the servers (e.g. --trace-gc).
    execArgv: [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...nodeArgs,
    ],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start`)), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as { port: number }).port);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited with ${code}`));
    });
  });
  const pid = child.pid as number;
  return {
    pid,
    url: `http://127.0.0.1:${port}`,
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
      return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
    },
    resetPeak() {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('close');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
