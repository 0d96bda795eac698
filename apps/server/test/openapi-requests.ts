/**
 * Reads the app's OpenAPI document into operations with their declared access and scope, and builds for
 * any operation a request that its schema accepts, with a chosen id in every place that names an object.
 * The generated authorisation test uses it to call every operation, including ones added after it was written.
 */
import type { InjectOptions } from 'fastify';
import type { Json } from './helpers.ts';

export interface Operation {
  key: string;
  /** The name of its contract (`importOrders`). */
  operationId: string | undefined;
  method: string;
  path: string;
  /** 'public', 'signedIn', or the resource codes of which the caller needs one. */
  access: 'public' | 'signedIn' | string[];
  scope: 'own' | 'ownCustomers' | 'any' | undefined;
  signInOnly: boolean;
  notWhileActing: boolean;
  /** The area an API key limited to areas must hold (`x-key-area`); unset on public operations. */
  keyArea: string | undefined;
  /** What a team member needs to call it (`x-member`): a permission, `owner`, or nothing. */
  member: string | null;
  /** A POST that changes nothing (`x-read-only`: a quote, a check): a read-only API key may make it. */
  readOnly: boolean;
  /** It takes an `Idempotency-Key` header (every write with a JSON answer). */
  idempotent: boolean;
  /** The operation names an object by id somewhere: path, query or body. */
  takesIds: boolean;
  query: { name: string; required: boolean; schema: Json }[];
  body: Json | undefined;
}

/** Fields that name an owned object: filled with the id under test. */
const ID_FIELDS = new Set(['id', 'ids', 'orderId', 'userId', 'userIds', 'attachmentId', 'voucherId', 'subjectId']);

export function operationsOf(doc: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(methods)) {
      const parameters = (op.parameters ?? []) as { name: string; in: string; required?: boolean; schema: Json }[];
      const query = parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        scope: op['x-scope'],
        signInOnly: op['x-sign-in-only'] === true,
        notWhileActing: op['x-not-while-acting'] === true,
        keyArea: op['x-key-area'],
        member: op['x-member'] ?? null,
        readOnly: op['x-read-only'] === true,
        idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
        takesIds: path.includes('{') || query.some((p) => ID_FIELDS.has(p.name)) || Boolean(body && namesIds(body)),
        query,
        body,
      });
    }
  }
  return operations;
}

function namesIds(schema: Json): boolean {
  if (!schema || typeof schema !== 'object') return false;
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    if (namesIds(option)) return true;
  }
  return Object.keys(schema.properties ?? {}).some((name) => ID_FIELDS.has(name));
}

/** A request the operation's schema accepts, with `id` wherever an object is named. */
export function requestFor(op: Operation, values: { id?: number }): InjectOptions {
  const id = values.id ?? 999_999_999;
  const path = op.path.replace(/\{[^}]+\}/g, String(id));
  const query = new URLSearchParams();
  for (const param of op.query) {
    if (!param.required && !ID_FIELDS.has(param.name)) continue;
    const value = sample(param.schema, param.name, id);
    if (value !== undefined) query.set(param.name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const url = `${path}${query.size ? `?${query}` : ''}`;
  const options: InjectOptions = { method: op.method as InjectOptions['method'], url };
  if (op.method !== 'GET' && op.method !== 'HEAD') options.payload = (op.body ? sample(op.body, '', id) : {}) as object;
  return options;
}

/** Candidates for strings with a pattern: money, digits, codes, dates. */
const PATTERNED = ['1.00', '1', '12345', 'ABCD', 'x', '2026-01-01', '90210'];

export function sample(schema: Json, name: string, id: number): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  if (ID_FIELDS.has(name)) {
    if (schema.type === 'array' || schema.anyOf?.some((option: Json) => option.type === 'array')) return [id];
    if (schema.type === 'string') return String(id);
    return id;
  }
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) {
    // A number where a number will do (money is a string or a number); else the first that is not null.
    const numeric = options.find((option) => option.type === 'number' || option.type === 'integer');
    return sample(numeric ?? options.find((option) => option.type !== 'null') ?? options[0], name, id);
  }
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf), name, id);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.type)) {
    const types = schema.type as string[];
    const type = types.find((one) => one === 'number' || one === 'integer') ?? types.find((one) => one !== 'null');
    return sample({ ...schema, type }, name, id);
  }
  switch (schema.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [field, fieldSchema] of Object.entries<Json>(schema.properties ?? {})) {
        if (required.has(field) || ID_FIELDS.has(field)) object[field] = sample(fieldSchema, field, id);
      }
      return object;
    }
    case 'array':
      return [sample(schema.items, '', id)];
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1), Number(schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, name);
    default:
      return undefined;
  }
}

function sampleString(schema: Json, name: string): string {
  if (schema.format === 'email' || name === 'email') return 'someone@example.test';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (/password/i.test(name)) return 'Tr1cky#Horse';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fit = PATTERNED.find((candidate) => pattern.test(candidate));
    if (fit) return fit;
  }
  return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

/** The object schema of a body: its own properties, those of its `allOf` parts, or of its first object option. */
function objectSchema(schema: Json): Json | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.properties) return schema;
  if (schema.allOf) return Object.assign({ properties: {} }, ...schema.allOf.map((part: Json) => objectSchema(part)));
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  return options?.map(objectSchema).find(Boolean);
}

/** Other values the schema may accept in place of `value`, likeliest first (the server has the last word). */
function otherValues(schema: Json, value: unknown, name: string, id: number): unknown[] {
  if (!schema || typeof schema !== 'object') return [];
  const others: unknown[] = [];
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) {
    for (const option of options) others.push(...otherValues(option, value, name, id));
    if (options.some((option) => option.type === 'null')) others.push(null);
  } else if (Array.isArray(schema.enum)) {
    others.push(...schema.enum);
  } else if (schema.const === undefined) {
    const types = ([] as string[]).concat(schema.type ?? []);
    if (types.includes('null')) others.push(null);
    for (const type of types) {
      if (type === 'boolean') others.push(!value, true, false);
      if (type === 'integer' || type === 'number') {
        const at = typeof value === 'number' ? value : Number(sample({ ...schema, type }, name, id));
        others.push(at + 1, at - 1, at + 2);
      }
      if (type === 'string') {
        const text = typeof value === 'string' ? value : '';
        if (schema.format === 'email' || name === 'email') others.push('other@example.test');
        else if (schema.format === 'date') others.push('2026-01-02');
        else if (schema.format === 'date-time') others.push('2026-01-02T00:00:00.000Z');
        else if (schema.pattern) others.push(...PATTERNED, '2', '0.50', '10001', 'ABCE', '2026-01-02');
        else others.push(`${text}y`, 'y'.repeat(Math.max(1, text.length)), `${id}`, 'USD');
      }
      if (type === 'array') {
        const list = Array.isArray(value) ? value : [];
        others.push([], [...list, ...list]);
        const item = list[0] ?? sample(schema.items, '', id);
        for (const other of otherValues(schema.items, item, '', id).slice(0, 3)) others.push([other]);
      }
      if (type === 'object' && value && typeof value === 'object') {
        const nested = objectSchema(schema);
        for (const [field, fieldSchema] of Object.entries<Json>(nested?.properties ?? {})) {
          const current = (value as Record<string, unknown>)[field];
          for (const other of otherValues(fieldSchema, current, field, id).slice(0, 3))
            others.push({ ...value, [field]: other });
        }
      }
    }
  }
  return others.filter((other) => JSON.stringify(other) !== JSON.stringify(value));
}

/**
 * Requests of the operation that differ from `request` (requestFor's) in one thing: a field of the JSON body
 * given another value the schema may accept or added (a body where it takes none), else the object its path
 * names. Each is for the same
 * operation; whether the server takes it as valid input is for it to say.
 */
export function changedRequests(op: Operation, request: InjectOptions, id = 999_999_999): InjectOptions[] {
  const changed: InjectOptions[] = [];
  const body = request.payload as Record<string, unknown> | undefined;
  const schema = objectSchema(op.body);
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && schema) {
    for (const [field, fieldSchema] of Object.entries<Json>(schema.properties ?? {})) {
      const current = body[field];
      const others =
        current === undefined ? [sample(fieldSchema, field, id)] : otherValues(fieldSchema, current, field, id);
      for (const other of others.slice(0, 6)) {
        if (other !== undefined) changed.push({ ...request, payload: { ...body, [field]: other } });
      }
    }
  }
  // A write that reads no body is sent one: what it was sent is part of the request all the same.
  if (!op.body) changed.push({ ...request, payload: { changed: true } });
  if (op.path.includes('{'))
    changed.push({ ...request, url: String(request.url).replaceAll(String(id), String(id - 1)) });
  return changed;
}
