import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect } from '@playwright/test';
import { appServerEnv, E2E_PORT } from '../playwright.config.ts';

/**
 * A second app instance on the suite's database and data folder, as an operator scaling out runs one: the
 * same server, another port. Stopped with SIGTERM, as a service manager stops it. Its port is its own: the
 * stores spec's Shopify stand-in listened on E2E_PORT + 20 and the platform's Shopify setting still names it,
 * so an instance there would be called as the shop by every instance pushing a fulfilment.
 */
export async function startSecondInstance(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = E2E_PORT + 21;
  const url = `http://127.0.0.1:${port}`;
  const e2eFolder = path.resolve(import.meta.dirname, '..');
  const server = spawn(process.execPath, [path.resolve(e2eFolder, '../apps/server/src/main.ts')], {
    cwd: e2eFolder,
    env: { ...process.env, ...appServerEnv(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(server, 'exit');
  await expect(async () => {
    expect(server.exitCode, 'the second instance stopped while starting').toBeNull();
    expect((await fetch(`${url}/api/health`)).ok).toBe(true);
  }).toPass({ timeout: 120_000 });
  return {
    url,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
