/**
 * A server under test, in a process of its own so that its memory is its own and it has a core to itself
 * while the load comes from the parent: `app` is the real ParcelPort server (config from BENCH_CONFIG),
 * `bare` a bare Fastify serving the JSON file BENCH_PAYLOAD on GET /bare (the baseline route).
 * It tells the parent its port over IPC and stops on 'close' or when the parent goes away.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';

const mode = process.argv[2];

async function start(): Promise<FastifyInstance> {
  if (mode === 'bare') {
    const payload = JSON.parse(readFileSync(process.env.BENCH_PAYLOAD as string, 'utf8')) as unknown;
    const app = Fastify({ logger: false });
    app.get('/bare', async () => payload);
    return app;
  }
  const config: Config = { ...loadConfig({}), ...(JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Partial<Config>) };
  const { app } = await buildApp(config, { logger: false });
  return app;
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
};
process.on('message', (message) => {
  if (message === 'close') void close();
});
process.on('disconnect', () => void close());
process.send?.({ port: (app.server.address() as AddressInfo).port });
