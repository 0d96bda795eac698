import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiLogSink } from '../src/modules/api-log/service.ts';
import { createUpstreamClient, type UpstreamClientOptions } from '../src/outbound/client.ts';
import { UpstreamError, type UpstreamRequest } from '../src/outbound/types.ts';
import { startApp, type TestApp } from './helpers.ts';

/** What the stand-in carrier does with one request: answer it, or hold it until the test ends. */
type Reply =
  | { status: number; json?: unknown; text?: string; bytes?: Buffer; headers?: Record<string, string> }
  | 'hold';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('upstream client', () => {
  let t: TestApp;
  let server: http.Server;
  let baseUrl: string;
  let replies: Reply[] = [];
  let seen: Seen[] = [];
  let nextChannel = 9000;

  beforeAll(async () => {
    t = await startApp();
    // A stand-in carrier API: answers each request with the next scripted reply.
    server = http.createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const reply = replies.shift() ?? { status: 500, json: { error: 'no reply scripted' } };
      if (reply === 'hold') return;
      const type = reply.bytes ? 'application/pdf' : reply.text !== undefined ? 'text/html' : 'application/json';
      response.writeHead(reply.status, { 'content-type': type, ...reply.headers });
      response.end(reply.bytes ?? reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json)));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await t.close();
  });

  /** A client of a channel of its own, whose waits are recorded instead of waited. */
  function setUp(script: Reply[], options: Partial<UpstreamClientOptions> = {}) {
    replies = [...script];
    seen = [];
    const waits: number[] = [];
    const channelId = nextChannel++;
    const client = createUpstreamClient({
      channelId,
      baseUrl,
      log: apiLogSink(t.ctx.db, t.app.log),
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
      ...options,
    });
    const rows = () =>
      t.ctx.db.selectFrom('api_logs').selectAll().where('channel_id', '=', channelId).orderBy('id').execute();
    return { client, waits, rows };
  }

  const rate: UpstreamRequest = { operation: 'rate', method: 'POST', path: '/v2/rates', json: { weight: 16 } };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(UpstreamError);
        return error as UpstreamError;
      },
    );

  test('a 2xx answer is parsed and logged once as ok, with the order number', async () => {
    const { client, rows } = setUp([{ status: 200, json: { rates: [{ rate: '7.10' }] } }]);
    const answer = await client.send({ ...rate, orderNo: 'PP1001' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ rates: [{ rate: '7.10' }] });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v2/rates', body: '{"weight":16}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    const logged = await rows();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      operation: 'rate',
      order_no: 'PP1001',
      method: 'POST',
      url: `${baseUrl}/v2/rates`,
      http_status: 200,
      outcome: 'ok',
      error_message: null,
      request_body: '{"weight":16}',
      response_body: '{"rates":[{"rate":"7.10"}]}',
    });
  });

  test("a refused request is a badRequest with the carrier's message and our field, not retried", async () => {
    const { client, waits, rows } = setUp(
      [{ status: 422, json: { error: { message: 'Invalid ZIP', field: 'zip' } } }],
      {
        errorOf: (_status, json) => {
          const error = (json as { error: { message: string; field: string } }).error;
          return { message: error.message, field: error.field === 'zip' ? 'to.zipCode' : error.field };
        },
      },
    );
    const error = await failureOf(client.send(rate));
    expect(error.kind).toBe('badRequest');
    expect(error.message).toBe('Invalid ZIP');
    expect(error.details).toMatchObject({ status: 422, field: 'to.zipCode' });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(await rows()).toMatchObject([{ http_status: 422, outcome: 'badRequest', error_message: 'Invalid ZIP' }]);
  });

  test('refused credentials are an auth error, not retried', async () => {
    for (const status of [401, 403]) {
      const { client, waits } = setUp([{ status, json: { message: 'bad key' } }]);
      const error = await failureOf(client.send(rate));
      expect({ kind: error.kind, message: error.message, status: error.details.status }).toEqual({
        kind: 'auth',
        message: 'bad key',
        status,
      });
      expect(seen).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  test('5xx answers are retried with exponential backoff and full jitter, within the attempt budget', async () => {
    const recovered = setUp([{ status: 503 }, { status: 502 }, { status: 200, json: { ok: true } }]);
    expect((await recovered.client.send(rate)).json).toEqual({ ok: true });
    expect(seen).toHaveLength(3);
    // random() = 0.5 of 250 ms, then of 500 ms.
    expect(recovered.waits).toEqual([125, 250]);
    expect((await recovered.rows()).map((row) => row.outcome)).toEqual(['transient', 'transient', 'ok']);

    const down = setUp([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 200 }]);
    const error = await failureOf(down.client.send(rate));
    expect(error.kind).toBe('transient');
    expect(error.details.status).toBe(500);
    expect(seen).toHaveLength(4);
    expect(down.waits).toEqual([125, 250, 500]);
    expect(await down.rows()).toHaveLength(4);

    const capped = setUp(
      Array.from({ length: 6 }, () => ({ status: 500 })),
      {
        attempts: 6,
        backoffBaseMs: 1000,
        backoffCapMs: 3000,
        random: () => 1,
      },
    );
    await failureOf(capped.client.send(rate));
    expect(capped.waits).toEqual([1000, 2000, 3000, 3000, 3000]);
  });

  test('a 2xx answer that is not JSON is transient and retried', async () => {
    const { client, waits, rows } = setUp([
      { status: 200, text: '<html>gateway</html>' },
      { status: 200, json: { ok: 1 } },
    ]);
    expect((await client.send(rate)).json).toEqual({ ok: 1 });
    expect(waits).toEqual([125]);
    expect(await rows()).toMatchObject([
      { outcome: 'transient', http_status: 200, error_message: 'the answer is not valid JSON' },
      { outcome: 'ok' },
    ]);
  });

  test('a 429 waits for Retry-After (seconds or a date) when it is short, and is thrown when it is long', async () => {
    const short = setUp([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 200, json: {} },
    ]);
    await short.client.send(rate);
    expect(short.waits).toEqual([2000]);
    expect((await short.rows()).map((row) => row.outcome)).toEqual(['rateLimited', 'ok']);

    const dated = setUp([
      { status: 429, headers: { 'retry-after': new Date(Date.now() + 5000).toUTCString() } },
      { status: 200, json: {} },
    ]);
    await dated.client.send(rate);
    expect(dated.waits).toHaveLength(1);
    expect(dated.waits[0]).toBeGreaterThan(2000);
    expect(dated.waits[0]).toBeLessThanOrEqual(5000);

    const long = setUp([
      { status: 429, headers: { 'retry-after': '60' } },
      { status: 200, json: {} },
    ]);
    const error = await failureOf(long.client.send(rate));
    expect(error.kind).toBe('rateLimited');
    expect(error.details.retryAfterMs).toBe(60_000);
    expect(seen).toHaveLength(1);
    expect(long.waits).toEqual([]);
  });

  test('no answer in time is transient, retried, and logged without a status', async () => {
    const { client, waits, rows } = setUp(['hold', 'hold'], { timeoutMs: 200, attempts: 2 });
    const error = await failureOf(client.send({ operation: 'track', method: 'GET', path: '/v2/trackers/1' }));
    expect(error.kind).toBe('transient');
    expect(error.message).toBe('no answer within 200 ms');
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([125]);
    expect(await rows()).toMatchObject([
      { outcome: 'transient', http_status: null, response_body: null },
      { outcome: 'transient', http_status: null },
    ]);
  });

  test('a refused connection is transient', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const { client, rows } = setUp([], { baseUrl: `http://127.0.0.1:${port}`, attempts: 1 });
    const error = await failureOf(client.send(rate));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^network failure/);
    expect(await rows()).toMatchObject([{ outcome: 'transient', http_status: null }]);
  });

  test('a purchase is retried only with an Idempotency-Key, which every attempt carries', async () => {
    const purchase: UpstreamRequest = { operation: 'purchase', method: 'POST', path: '/v2/shipments/1/buy', json: {} };
    const unkeyed = setUp([{ status: 503 }, { status: 200, json: {} }]);
    expect((await failureOf(unkeyed.client.send(purchase))).kind).toBe('transient');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
    expect(unkeyed.waits).toEqual([]);

    const keyed = setUp([{ status: 503 }, { status: 200, json: { id: 'shp_1' } }]);
    expect((await keyed.client.send({ ...purchase, idempotencyKey: 'order-17-buy-1' })).json).toEqual({ id: 'shp_1' });
    expect(seen.map((request) => request.headers['idempotency-key'])).toEqual(['order-17-buy-1', 'order-17-buy-1']);
    expect(keyed.waits).toEqual([125]);
  });

  test("a purchase's draft that buys nothing is retried without a key", async () => {
    const draft: UpstreamRequest = {
      operation: 'purchase',
      method: 'POST',
      path: '/v2/shipments',
      json: {},
      repeatable: true,
    };
    const { client, waits } = setUp([{ status: 503 }, { status: 201, json: { id: 'shp_2' } }]);
    expect((await client.send(draft)).json).toEqual({ id: 'shp_2' });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([125]);
  });

  test('a call that changes something is sent once whatever the failure; idempotent methods are retried', async () => {
    // A SCAN form made twice is two forms for the same labels; a refund asked twice may be refused as a
    // second request: their outcome is unknown and goes to the caller.
    const form: UpstreamRequest = { operation: 'manifest', method: 'POST', path: '/scan-forms/v3/scan-form', json: {} };
    const unreadable = setUp([
      { status: 200, text: 'not json' },
      { status: 200, json: { ok: 1 } },
    ]);
    expect((await failureOf(unreadable.client.send(form))).kind).toBe('transient');
    expect(seen).toHaveLength(1);
    expect(unreadable.waits).toEqual([]);

    const refund: UpstreamRequest = { operation: 'void', method: 'POST', path: '/v2/shipments/shp_1/refund' };
    const failing = setUp([{ status: 502 }, { status: 200, json: { ok: 1 } }]);
    expect((await failureOf(failing.client.send(refund))).kind).toBe('transient');
    expect(seen).toHaveLength(1);

    // PUT and DELETE mean the same however often they are sent (RFC 9110 §9.2.2).
    const cancel: UpstreamRequest = { operation: 'void', method: 'DELETE', path: '/labels/v3/label/9400' };
    const retried = setUp([{ status: 503 }, { status: 200, json: { status: 'CANCELED' } }]);
    expect((await retried.client.send(cancel)).json).toEqual({ status: 'CANCELED' });
    expect(seen).toHaveLength(2);
  });

  test('a multipart answer comes back as its parts, bytes kept; one that is not multipart is not retried', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\r\n'), Buffer.from([0, 13, 10, 255, 45, 45])]);
    const boundary = 'a1b2c3';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n`),
      Buffer.from('Content-Type: application/json\r\n\r\n{"manifestNumber":"9275"}\r\n'),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\n`),
      Buffer.from('Content-Type: application/pdf\r\n\r\n'),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const form: UpstreamRequest = {
      operation: 'manifest',
      method: 'POST',
      path: '/scan-forms/v3/scan-form',
      json: {},
      expect: 'multipart',
    };
    const { client } = setUp([
      { status: 200, bytes: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    ]);
    const answer = await client.send(form);
    expect(answer.parts?.map((part) => [part.name, part.filename, part.contentType])).toEqual([
      ['metadata', undefined, 'application/json'],
      ['file', 'form.pdf', 'application/pdf'],
    ]);
    expect(answer.parts?.[0]?.bytes.toString()).toBe('{"manifestNumber":"9275"}');
    expect(answer.parts?.[1]?.bytes.equals(pdf)).toBe(true);

    const plain = setUp([
      { status: 200, json: { manifestNumber: '9275' } },
      { status: 200, json: {} },
    ]);
    const failure = await failureOf(plain.client.send(form));
    expect([failure.kind, failure.message]).toEqual(['transient', 'the answer is not multipart']);
    expect(seen).toHaveLength(1);
  });

  test("the channel's secrets never reach the log; credential-like keys are masked", async () => {
    const apiKey = 'EZTK_live_a1b2c3d4e5';
    const password = 'Hunter#22 pass';
    const basic = Buffer.from(`${apiKey}:`).toString('base64');
    const { client, rows } = setUp(
      [
        { status: 500, json: { message: `key ${apiKey} is rate limited` } },
        { status: 400, json: { error: { message: `bad password ${password}` }, echo: { api_key: 'other-key-9999' } } },
      ],
      {
        secrets: [apiKey, password],
        authorize: () => ({ authorization: `Basic ${basic}`, 'x-api-key': apiKey }),
      },
    );
    const error = await failureOf(
      client.send({
        operation: 'validateAddress',
        method: 'POST',
        path: '/v2/addresses',
        query: { key: apiKey, token: 'tok-77777', q: password },
        json: { note: `sent with ${apiKey}`, client_secret: 'cs-55555', nested: [{ password: 'pw-66666' }] },
      }),
    );
    // The carrier saw the real credentials.
    expect(seen[0]?.headers.authorization).toBe(`Basic ${basic}`);
    // The error passed on is redacted as well.
    expect(error.message).toBe('bad password [redacted]');
    const logged = await rows();
    expect(logged).toHaveLength(2);
    const everything = JSON.stringify(logged);
    for (const secret of [apiKey, password, encodeURIComponent(password), basic, 'tok-77777', 'cs-55555', 'pw-66666']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('other-key-9999');
    expect(logged[0]?.url).toBe(`${baseUrl}/v2/addresses?key=[redacted]&token=[redacted]&q=[redacted]`);
    expect(JSON.parse(logged[0]?.request_body ?? '')).toEqual({
      note: 'sent with [redacted]',
      client_secret: '[redacted]',
      nested: [{ password: '[redacted]' }],
    });
    expect(JSON.parse(logged[0]?.request_headers ?? '')).toMatchObject({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
    });
    expect(logged[0]?.response_body).toBe('{"message":"key [redacted] is rate limited"}');
    expect(logged[1]?.error_message).toBe('bad password [redacted]');
  });

  test('a document answer comes back as bytes and is logged as a short note', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 7)]);
    const { client, rows } = setUp([{ status: 200, bytes: pdf }]);
    const answer = await client.send({
      operation: 'purchase',
      method: 'GET',
      path: '/labels/1.pdf',
      expect: 'bytes',
      orderNo: 'PP2002',
    });
    expect(answer.bytes?.equals(pdf)).toBe(true);
    expect(answer.json).toBeUndefined();
    expect(await rows()).toMatchObject([{ outcome: 'ok', response_body: `[${pdf.length} bytes application/pdf]` }]);
  });

  test('a long answer is cut in the log', async () => {
    const { client, rows } = setUp([{ status: 200, json: { filler: 'x'.repeat(100_000) } }]);
    await client.send(rate);
    const [row] = await rows();
    expect(row?.response_body?.length).toBeLessThan(70_000);
    expect(row?.response_body).toMatch(/…\[cut: 100013 characters in all\]$/);
  });

  test("the channel's credentials go to its own API only, not to a file host an answer points at", async () => {
    // The same stand-in under another origin (localhost vs 127.0.0.1) stands for the carrier's file host.
    const { client } = setUp(
      [
        { status: 200, json: { ok: true } },
        { status: 200, bytes: Buffer.from('%PDF-1.4') },
      ],
      {
        baseUrl: baseUrl.replace('127.0.0.1', 'localhost'),
        authorize: () => ({ authorization: 'Basic c2VjcmV0Og==' }),
      },
    );
    await client.send({ operation: 'purchase', method: 'GET', path: '/v2/shipments/shp_1' });
    await client.send({ operation: 'purchase', method: 'GET', path: `${baseUrl}/files/label.pdf`, expect: 'bytes' });
    expect(seen[0]?.headers.authorization).toBe('Basic c2VjcmV0Og==');
    expect(seen[1]?.url).toBe('/files/label.pdf');
    expect(seen[1]?.headers.authorization).toBeUndefined();
  });
});
