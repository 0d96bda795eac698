/**
 * The count of calls being answered, which the task worker yields to (http/calls-in-flight.ts): over real
 * HTTP, a call counts from its arrival until its answer is sent or its client goes away, and only once.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { countCallsInFlight } from '../src/http/calls-in-flight.ts';
import { turnsUntil } from './waits.ts';

let app: FastifyInstance;
let calls: { busy: () => boolean };
let idles: number;
/** Resolves the answer of the call waiting in `/held`, and notes that the route has it. */
let release: () => void;
let held: Promise<void>;
let heard: () => void;

beforeEach(async () => {
  app = Fastify();
  idles = 0;
  calls = countCallsInFlight(app, () => idles++);
  held = new Promise((resolve) => {
    heard = resolve;
  });
  app.get('/held', async () => {
    heard();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  // An answer far larger than the socket's buffers, so it is still being sent when a client leaves.
  app.get('/long', (_request, reply) => {
    let chunks = 0;
    reply.send(
      new Readable({
        read() {
          this.push(++chunks < 10_000 ? Buffer.alloc(64 * 1024) : null);
        },
      }),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await app.close();
});

const port = () => (app.server.address() as AddressInfo).port;

/** A GET over a connection of its own; resolves with the answer's status. */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: port(), path, agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

test('a call counts while it is being answered, and the count falls to none once its answer is sent', async () => {
  expect(calls.busy()).toBe(false);
  const answer = get('/held');
  await held;
  expect(calls.busy()).toBe(true);
  release();
  expect(await answer).toBe(200);
  await turnsUntil(() => idles === 1);
  expect(calls.busy()).toBe(false);
});

test('a call whose client goes away before its answer stops counting, and the next call counts again', async () => {
  const request = httpRequest({ host: '127.0.0.1', port: port(), path: '/held', agent: false });
  request.on('error', () => {});
  request.end();
  await held;
  expect(calls.busy()).toBe(true);
  request.destroy();
  await turnsUntil(() => idles === 1);
  expect(calls.busy()).toBe(false);

  // The route answers the gone client after all; ending it a second time would take the count below zero,
  // and the next call would then not count as being answered.
  release();
  held = new Promise((resolve) => {
    heard = resolve;
  });
  const next = get('/held');
  await held;
  expect(calls.busy()).toBe(true);
  release();
  expect(await next).toBe(200);
  await turnsUntil(() => !calls.busy());
  expect(idles).toBe(2);
});

test('a call whose client leaves while its answer is being sent stops counting', async () => {
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: port(), path: '/long', agent: false }, (answer) => {
      answer.once('data', () => {
        expect(calls.busy()).toBe(true);
        request.destroy();
        resolve();
      });
    });
    request.on('error', reject);
    request.end();
  });
  await turnsUntil(() => idles === 1);
  expect(calls.busy()).toBe(false);
});

test('calls answered one after another leave the count at none', async () => {
  for (let i = 0; i < 20; i++) expect(await get('/quick')).toBe(200);
  await turnsUntil(() => idles === 20);
  expect(calls.busy()).toBe(false);
});
