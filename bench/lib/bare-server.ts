/**
 * The bare Fastify baseline of the list bench, in a process of its own as the server under test is: the JSON
 * file BENCH_PAYLOAD on GET /bare, on HOST:PORT, until the process is sent SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const payload = JSON.parse(readFileSync(process.env.BENCH_PAYLOAD as string, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => payload);
await app.listen({ host: process.env.HOST, port: Number(process.env.PORT) });
