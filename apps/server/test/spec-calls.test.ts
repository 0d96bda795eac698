/** Every call docs/spec.md §7 names is served and documented: it is in /api/openapi.json with its method. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, startApp, type TestApp } from './helpers.ts';

/** "GET /a/{id}" for each call of docs/spec.md §7, read from its text. */
function specCalls(): string[] {
  const spec = readFileSync(path.resolve(import.meta.dirname, '../../../docs/spec.md'), 'utf8');
  const section = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
  const calls = new Set<string>();
  let defaultMethod: string | undefined;
  for (const line of section.split('\n')) {
    // A heading like "**Statistics (POST)**" gives the method of the bare paths under it.
    if (line.startsWith('**')) defaultMethod = /\((GET|POST)\)/.exec(line)?.[1];
    if (line.startsWith('Base:')) {
      calls.add(`POST ${/goes to (\/\S+?)\.?$/.exec(line)?.[1]}`);
      continue;
    }
    if (!line.startsWith('- ')) continue;
    const method = /^- (GET|POST) /.exec(line)?.[1] ?? defaultMethod;
    for (const [, found] of line.matchAll(/(?:^- (?:GET |POST )?|, | and )(\/[A-Za-z0-9_\-/{}]+)/g)) {
      if (!method) throw new Error(`no method for ${found} in: ${line}`);
      // The menu call is written with the /api prefix every path carries.
      calls.add(`${method} ${(found as string).replace(/^\/api\//, '/').replace(/\/$/, '')}`);
    }
  }
  return [...calls];
}

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t.close());

test('every call of docs/spec.md §7 is in the OpenAPI document with its method', async () => {
  const calls = specCalls();
  // The spec's nine groups of calls: a parser that lost some would pass too easily.
  expect(calls.length).toBeGreaterThanOrEqual(98);
  const document = (await call(t.app, null, { method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const served = new Set(
    Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '{}')}`),
    ),
  );
  const missing = calls.filter((one) => {
    const [method, route] = one.split(' ') as [string, string];
    return !served.has(`${method} /api${route.replace(/\{[^}]+\}/g, '{}')}`);
  });
  expect(missing).toEqual([]);
});
