import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UpstreamError } from '../src/outbound/types.ts';
import { guardedFetch } from '../src/stores/guarded-fetch.ts';

/**
 * The fetch a merchant's own site is called with (docs/stores.md): an inside address is refused whether it
 * is written in the URL, reached through a host name, or reached by a redirect; credentials never follow a
 * redirect to another host.
 */
let server: Server;
let port: number;
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? '', headers: request.headers });
    if (request.url === '/to-literal') response.writeHead(302, { location: `http://127.0.0.1:${port}/inside` }).end();
    else if (request.url === '/to-localhost')
      response.writeHead(302, { location: `http://localhost:${port}/other` }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error,
  );

describe('guarded fetch', () => {
  test('an allowed host is reached; the same address through a host name not allowed is refused at connecting', async () => {
    const allowLiteral = guardedFetch(['127.0.0.1']);
    expect((await allowLiteral(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
    const before = seen.length;
    const error = await refusal(allowLiteral(`http://localhost:${port}/ok`));
    expect(error).toBeTruthy();
    expect(String((error as Error).cause ?? error)).toContain('private, loopback or link-local');
    expect(seen.length).toBe(before);
  });

  test('an inside address written in the URL is refused before anything is sent', async () => {
    const error = await refusal(guardedFetch([])(`http://127.0.0.1:${port}/ok`));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('badRequest');
  });

  test('a redirect to an inside address is refused; one to another allowed host goes without the credentials', async () => {
    const fetchLocal = guardedFetch(['localhost']);
    const before = seen.length;
    const error = await refusal(fetchLocal(`http://localhost:${port}/to-literal`));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(seen.slice(before).map((entry) => entry.path)).toEqual(['/to-literal']);

    const both = guardedFetch(['localhost', '127.0.0.1']);
    const response = await both(`http://127.0.0.1:${port}/to-localhost`, {
      headers: { authorization: 'Basic c2VjcmV0' },
    });
    expect(response.status).toBe(200);
    const [first, second] = seen.slice(-2);
    expect(first?.headers.authorization).toBe('Basic c2VjcmV0');
    expect(second?.path).toBe('/other');
    expect(second?.headers.authorization).toBeUndefined();
  });
});
