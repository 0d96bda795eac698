import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { multipart } from './helpers.ts';

/**
 * Hostile requests derived from the app's own OpenAPI document (test/bad-input.test.ts): for every
 * operation, its path, query and body schemas give requests that are nearly right (one field wrong, one
 * missing, one extra) as well as plainly wrong (wrong types, huge and empty strings, NUL characters,
 * deep nesting, ids out of range, wrong content types).
 */

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema as @fastify/swagger writes it.
export type Schema = any;

export interface Operation {
  /** `METHOD /api/path/{param}` as in the document. */
  key: string;
  method: string;
  path: string;
  pathParams: Record<string, Schema>;
  query: Record<string, Schema>;
  /** The JSON body's schema; null when the operation takes no JSON body (none, multipart or raw). */
  body: Schema | null;
}

export function operationsOf(doc: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const pathParams: Operation['pathParams'] = {};
      const query: Operation['query'] = {};
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'path') pathParams[parameter.name] = parameter.schema;
        if (parameter.in === 'query') query[parameter.name] = parameter.schema;
      }
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams,
        query,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/**
 * `{"a":{"a":…1…}}` nested `depth` deep. Kept as a marker and written out only in the JSON text (jsonText),
 * since JSON.stringify of the object itself would overflow the test's own stack.
 */
export class Nested {
  readonly depth: number;
  constructor(depth: number) {
    this.depth = depth;
  }
  text(): string {
    return `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}
export const nested = (depth: number) => new Nested(depth);

/** JSON text of a value that may hold Nested markers. */
export function jsonText(value: unknown): string {
  const markers: Nested[] = [];
  const text =
    JSON.stringify(value, (_key, v) => {
      if (!(v instanceof Nested)) return v;
      markers.push(v);
      return `@@nested:${markers.length - 1}@@`;
    }) ?? 'null';
  return text.replace(/"@@nested:(\d+)@@"/g, (_, i: string) => (markers[Number(i)] as Nested).text());
}

/** A JSON request body. */
export const jsonBody = (value: unknown) => ({
  payload: jsonText(value),
  headers: { 'content-type': 'application/json' },
});

const HUGE = 'x'.repeat(200_000);

/** Values that are wrong almost anywhere, or right only by the narrowest margin. */
const hostileConstants: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  2 ** 63,
  2 ** 64,
  1e308,
  -1e308,
  '',
  ' ',
  'abc',
  '0',
  '-1',
  '9223372036854775808',
  '99999999999999999999999',
  '1e308',
  'NaN',
  'a\u0000b',
  '\u0000',
  '\ud800',
  HUGE,
  [],
  [0],
  [null],
  {},
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  nested(5_000),
  [nested(1_000)],
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileConstants) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const EXAMPLE_DATE = '2026-01-15';

/** A value meant to satisfy `schema` (it need not: constraints beyond types are not all honoured). */
function plausible(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member: Schema) => plausible(member, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = Math.min(schema.maximum ?? 1_000_000, Math.max(min, 1_000_000));
      return fc.oneof(fc.integer({ min: Math.max(min, -1_000_000), max }), fc.constantFrom(min, 1, 2, 3));
    }
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.constantFrom(0, 1, 12.5));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(field(schema.items, depth + 1), {
        minLength: 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return plausibleObject(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date') return fc.constant(EXAMPLE_DATE);
  if (schema.format === 'date-time') return fc.constant(`${EXAMPLE_DATE}T00:00:00.000Z`);
  if (schema.format === 'email') return fc.constantFrom('a@example.com', 'fuzz@shop.test');
  if (schema.format === 'uri') return fc.constantFrom('https://example.com/hook', 'http://127.0.0.1:1/x');
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern JavaScript cannot compile: any string then.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

function plausibleObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const model = Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, field(sub, depth + 1)]));
  // Required fields present most of the time, optional ones half of it; either may be missing.
  const present = fc.record(
    Object.fromEntries(
      Object.keys(properties).map((name) => [
        name,
        fc.integer({ min: 0, max: 9 }).map((n) => n < (required.has(name) ? 8 : 5)),
      ]),
    ),
  );
  const extra = fc.option(fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 2 }), { freq: 4 });
  return fc.tuple(fc.record(model), present, extra).map(([values, keep, more]) => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) if (keep[name]) out[name] = value;
    return more ? { ...more, ...out } : out;
  });
}

/** A field's value: plausible mostly, hostile sometimes. */
function field(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return hostile;
  return fc.oneof({ weight: 3, arbitrary: plausible(schema, depth) }, { weight: 1, arbitrary: hostile });
}

/** How a value travels in a URL (query value or path segment). */
function urlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return jsonText(value);
}

export function urlOf(
  op: Operation,
  pathValues: Record<string, unknown>,
  queryValues: Record<string, unknown>,
): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(urlText(pathValues[name]).toWellFormed()),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(queryValues)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, urlText(item));
    else search.append(name, urlText(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const takesBody = (op: Operation) => op.method !== 'GET';

/** Random requests for `op`: every path, query and body field from its schema, or a hostile value. */
export function requestsOf(op: Operation): fc.Arbitrary<InjectOptions & { url: string }> {
  const pathValues = fc.record(Object.fromEntries(Object.entries(op.pathParams).map(([n, s]) => [n, field(s, 0)])));
  const queryValues = fc.record(
    Object.fromEntries(Object.entries(op.query).map(([name, schema]) => [name, field(schema, 1)])),
    { requiredKeys: [] },
  );
  const url = fc.tuple(pathValues, queryValues).map(([p, q]) => urlOf(op, p, q));
  let body: fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>>;
  if (op.body) {
    body = fc.oneof(
      { weight: 9, arbitrary: plausible(op.body, 0).map(jsonBody) },
      { weight: 1, arbitrary: hostile.map(jsonBody) },
    );
  } else if (takesBody(op)) {
    // No JSON body in the document: nothing, an upload (of anything) or a JSON body it does not expect.
    body = fc.oneof(
      fc.constant({}),
      fc
        .tuple(
          fc.constantFrom('a.png', 'a.xlsx', 'a.csv', 'x\u0000.png', `${'n'.repeat(300)}.png`, ''),
          fc.constantFrom('image/png', 'text/csv', 'application/octet-stream', 'x/\u0000'),
          fc.uint8Array({ maxLength: 64 }),
        )
        .map(([name, type, bytes]) => multipart(name, Buffer.from(bytes), type)),
      hostile.map(jsonBody),
    );
  } else {
    body = fc.constant({});
  }
  return fc.tuple(url, body).map(([u, b]) => ({ method: op.method as InjectOptions['method'], url: u, ...b }));
}

const json = { 'content-type': 'application/json' };

/** A number from `text` and `seed`, for choices that must be the same on every run. */
export function seedOf(text: string, seed = 0): number {
  let hash = seed;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function pick<T>(items: T[], seed: number, salt: string): T {
  return items[Math.abs(seedOf(salt, seed)) % items.length] as T;
}

/** Query values that are wrong for most parameters: empty, not a number, NUL, out of range, lists of nothing. */
const QUERY_VALUES = [
  '',
  'abc',
  'a\u0000b',
  '0',
  '-1',
  '9223372036854775808',
  '1e308',
  ',',
  '1,,2',
  HUGE.slice(0, 5_000),
];

/** Ids that are no ids: zero, negative, beyond 64 bits, not a number, and over Fastify's length limit. */
export const BAD_IDS = [
  '0',
  '-1',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '1e308',
  'abc',
  '1.5',
  '%00',
  '9'.repeat(120),
  'a'.repeat(5_000),
];

/**
 * The fixed list every operation gets, beside the random ones: each class of bad input named in issue 10,
 * so that none depends on the random draw.
 */
export function classicRequests(
  op: Operation,
  seed: number,
): { name: string; request: InjectOptions & { url: string } }[] {
  const method = op.method as InjectOptions['method'];
  const validPath = Object.fromEntries(Object.keys(op.pathParams).map((name) => [name, '1']));
  const url = urlOf(op, validPath, {});
  const cases: { name: string; request: InjectOptions & { url: string } }[] = [];
  for (const name of Object.keys(op.pathParams)) {
    for (const id of BAD_IDS) {
      const raw = op.path.replace(/\{(\w+)\}/g, (_, param: string) => (param === name ? id : '1'));
      cases.push({ name: `path ${name}=${id.slice(0, 24)}`, request: { method, url: raw } });
    }
  }
  // Each bad query value goes to one parameter, picked by the seed: every value is sent, and over the
  // operations every parameter gets its share, without sending all values to all parameters.
  const queryNames = Object.keys(op.query);
  if (queryNames.length > 0) {
    for (const value of QUERY_VALUES) {
      const name = pick(queryNames, seed, value);
      cases.push({
        name: `query ${name}=${JSON.stringify(value.slice(0, 24))}`,
        request: { method, url: urlOf(op, validPath, { [name]: value }) },
      });
    }
    const name = pick(queryNames, seed, 'repeated');
    cases.push({
      name: `query ${name} repeated`,
      request: { method, url: urlOf(op, validPath, { [name]: ['1', '2'] }) },
    });
  }
  if (!takesBody(op)) return cases;
  const bodies: [string, Pick<InjectOptions, 'payload' | 'headers'>][] = [
    ['no body', {}],
    ['empty JSON body', { payload: '', headers: json }],
    ['malformed JSON', { payload: '{"a":', headers: json }],
    ['JSON null', { payload: 'null', headers: json }],
    ['JSON array', { payload: '[]', headers: json }],
    ['JSON string', { payload: '"x"', headers: json }],
    ['JSON nested 100000 deep', { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, headers: json }],
    ['object nested 20000 deep', { payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, headers: json }],
    ['text/plain', { payload: 'hello', headers: { 'content-type': 'text/plain' } }],
    ['unknown content type', { payload: '<a/>', headers: { 'content-type': 'application/xml' } }],
    ['form body', { payload: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ['multipart to it', multipart('a.png', Buffer.from('not a png'))],
    ['broken multipart', { payload: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } }],
    ['multipart without boundary', { payload: 'x', headers: { 'content-type': 'multipart/form-data' } }],
  ];
  if (op.body) {
    for (const { name, payload } of leafMutations(op.body, seed)) bodies.push([name, jsonBody(payload)]);
  }
  for (const [name, body] of bodies) cases.push({ name, request: { method, url, ...body } });
  return cases;
}

/** A value of the schema's shape meant to pass it: defaults, first enum members, minimal strings. */
export function example(schema: Schema, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return example(union.find((m: Schema) => m.type !== 'null') ?? union[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([n, sub]) => [
          n,
          example(sub, depth + 1),
        ]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => example(schema.items, depth + 1));
    case 'string':
      if (schema.format === 'date') return EXAMPLE_DATE;
      if (schema.format === 'email') return 'fuzz@shop.test';
      if (schema.format === 'uri') return 'https://example.com/hook';
      if (schema.pattern) {
        try {
          return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0];
        } catch {
          // not a JavaScript pattern: fall through
        }
      }
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

type Path = (string | number)[];

/** Every leaf of the example body with its schema: strings, numbers, lists and free-form objects. */
function leaves(schema: Schema, path: Path = [], depth = 0): { path: Path; schema: Schema; kind: string }[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return leaves(union.find((m: Schema) => m.type !== 'null') ?? union[0], path, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.properties) {
    return Object.entries(schema.properties as Record<string, Schema>).flatMap(([n, sub]) =>
      leaves(sub, [...path, n], depth + 1),
    );
  }
  if (type === 'array') return [{ path, schema, kind: 'array' }, ...leaves(schema.items, [...path, 0], depth + 1)];
  return [{ path, schema, kind: type === 'integer' ? 'number' : String(type) }];
}

function withLeaf(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = withLeaf(copy[head], rest, value);
  return copy;
}

/** Per leaf, the example body with that one leaf wrong: so the rest passes and the wrong value goes deep. */
const LEAF_VALUES: Record<string, [string, unknown][]> = {
  string: [
    ['NUL', 'a\u0000b'],
    ['huge', HUGE],
    ['empty', ''],
    ['number', 12],
  ],
  number: [
    ['2^63', 2 ** 63],
    ['1e308', 1e308],
    ['-1', -1],
  ],
  array: [
    ['empty list', []],
    ['null', null],
  ],
  object: [
    ['nested 5000 deep', nested(5_000)],
    ['NUL key', { 'a\u0000': 'b\u0000' }],
  ],
  boolean: [['"yes"', 'yes']],
};

/** Leaves given each wrong value: two per value, picked by the seed (a large body has dozens of leaves). */
const LEAVES_PER_VALUE = 2;

function leafMutations(schema: Schema, seed: number): { name: string; payload: unknown }[] {
  const base = example(schema);
  const out: { name: string; payload: unknown }[] = [{ name: 'example body', payload: base }];
  const all = leaves(schema);
  for (const [kind, values] of Object.entries(LEAF_VALUES)) {
    const ofKind = all.filter((leaf) => leaf.kind === kind);
    for (const [label, value] of values) {
      const chosen =
        ofKind.length <= LEAVES_PER_VALUE
          ? ofKind
          : (fc.sample(fc.shuffledSubarray(ofKind, { minLength: LEAVES_PER_VALUE, maxLength: LEAVES_PER_VALUE }), {
              seed: seedOf(label, seed),
              numRuns: 1,
            })[0] ?? []);
      for (const leaf of chosen) {
        out.push({ name: `${leaf.path.join('.') || 'body'} ${label}`, payload: withLeaf(base, leaf.path, value) });
      }
    }
  }
  out.push({ name: 'extra field', payload: { ...(base as object), zzExtra: nested(50) } });
  return out;
}
