/**
 * The OpenAPI document is one that generators take: Redocly's linter, with its recommended rules, finds no
 * error in it, and of the warnings only the one we cannot act on (no license has been chosen for the
 * project, so the document names none). Each operation is named after its contract and lists the error
 * answers its contract makes possible, in the envelope every error answer has.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type TestApp } from './helpers.ts';

type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths: Record<string, Record<string, Operation>>; servers?: unknown[] };

let t: TestApp;
let source: string;
let doc: Document;

beforeAll(async () => {
  t = await startApp();
  source = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  doc = JSON.parse(source);
});
afterAll(async () => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI document', () => {
  test("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, config, absoluteRef: '/api/openapi.json' });
    const found = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(found).toEqual(['warn info-license: Info object should contain `license` field.']);
  });

  test('every operation has a unique operationId: the name of its contract, and its side for a family', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/app/order/orders']?.get?.operationId).toBe('listOrdersApp');
    expect(doc.paths['/api/admin/order/orders']?.get?.operationId).toBe('listOrdersAdmin');
    expect(doc.paths['/api/app/order/label/create']?.post?.operationId).toBe('createLabel');
  });

  test('error answers follow from the contract: input, sign-in, rights, the object, limits, idempotency', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).filter((status) => status !== '200');
    // Public, no object: only a malformed request.
    expect(statuses('/api/health', 'get')).toEqual(['400', '503']);
    // Signed in, a resource code, an object by id; an API key may call it, within its limit; a write, so it
    // takes an Idempotency-Key.
    expect(statuses('/api/admin/bills/{id}/post', 'post')).toEqual(['400', '401', '403', '404', '409', '422', '429']);
    // A read takes no key. A call for a signed-in person only refuses an API key (403), and that refusal
    // still counts against the key's limit, so it may be a 429 too.
    expect(statuses('/api/admin/bills/{id}', 'get')).toEqual(['400', '401', '403', '404', '429']);
    expect(statuses('/api/app/user/apiKey', 'post')).toEqual(['400', '401', '403', '409', '422', '429']);
    // The sign-in call is rate limited.
    expect(statuses('/api/admin/login', 'post')).toContain('429');
    // A write an API key may make: a read-only key is refused it.
    expect(statuses('/api/app/order/label/create', 'post')).toEqual(['400', '401', '403', '409', '422', '429']);
    const answer = doc.paths['/api/app/order/orders']?.get?.responses['401']?.content?.['application/json'];
    expect(answer).toEqual({ schema: { $ref: '#/components/schemas/ErrorAnswer' } });
  });

  test('every write takes an Idempotency-Key header, an upload included; a read, an upload that only reads and a public call none', () => {
    type Parameter = { in: string; name: string };
    const takesKey = (operation: { parameters?: Parameter[] } | undefined) =>
      (operation?.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
      );
    const keyed = (path: string, method: string) => {
      const operation = doc.paths[path]?.[method] as { parameters?: Parameter[] } | undefined;
      expect(operation, `${method} ${path}`).toBeDefined();
      return takesKey(operation);
    };
    expect(keyed('/api/app/order/label/create', 'post')).toBe(true);
    expect(keyed('/api/app/user/address', 'post')).toBe(true);
    expect(keyed('/api/app/order/orders', 'get')).toBe(false);
    // Uploads that keep something are fingerprinted by their fields and files' bytes (hooks/idempotency.ts).
    for (const upload of [
      '/api/app/order/import',
      '/api/app/attachment/upload/image',
      '/api/admin/bills/preview',
      '/api/admin/channel/zone-chart',
      '/api/admin/channel/service/{id}/rates',
    ])
      expect(keyed(upload, 'post'), upload).toBe(true);
    expect(keyed('/api/app/order/import/headers', 'post')).toBe(false);
    expect(keyed('/api/admin/bills/headers', 'post')).toBe(false);
    // A key is kept under its caller: a call made without signing in takes none, and says so.
    expect(keyed('/api/public/contact', 'post')).toBe(false);
    const publicKeyed = operations()
      .filter(({ operation }) => (operation as { 'x-access'?: unknown })['x-access'] === 'public')
      .filter(({ operation }) => takesKey(operation as { parameters?: Parameter[] }))
      .map(({ path, method }) => `${method} ${path}`);
    expect(publicKeyed).toEqual([]);
  });

  test('a call that answers a file says so', () => {
    const files = operations().filter(
      ({ operation }) => operation.responses['200']?.content?.['application/octet-stream'],
    );
    expect(files.length).toBeGreaterThan(10);
    expect(files.map(({ path }) => path)).toContain('/api/app/order/label/down');
  });

  test('the menu, a tree, is one component its children refer to', () => {
    expect(source).not.toContain('#/components/schemas/schema0');
    expect(source).toContain('#/components/schemas/MenuItem');
  });
});
